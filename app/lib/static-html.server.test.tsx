// The server's side of a static part (decision 0057): rendered once per content, then the same
// HTML for every page until what it shows changes. A content seen the first time is rendered
// with the page, and once on its own after it.
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StaticHtml, StaticHtmlRendererContext } from "../components/ui/static-html.tsx";
import { renderStaticHtml } from "./static-html.server.ts";

let renders = 0;
function Links({ links }: { links: string[] }) {
  renders++;
  return (
    <ul>
      {links.map((link) => (
        <li key={link}>
          <a href={`/content/${link}`}>{link}</a>
        </li>
      ))}
    </ul>
  );
}

let cards = 0;
function Card({ name }: { name: string }) {
  cards++;
  return (
    <li>
      <a href={`/p/${name}`}>{name}</a>
    </li>
  );
}

/** A page with the part, rendered as the server renders it (entry.server.tsx provides the renderer). */
function page(id: string, links: string[]) {
  return renderToString(
    <StaticHtmlRendererContext value={renderStaticHtml}>
      <MemoryRouter>
        <StaticHtml id={id} className="columns" content={JSON.stringify(links)}>
          <Links links={links} />
        </StaticHtml>
      </MemoryRouter>
    </StaticHtmlRendererContext>,
  );
}

/** After the page: the part's own render, queued by the page, has run. */
const afterPage = () => new Promise((resolve) => setImmediate(resolve));

describe("a static part on the server", () => {
  it("is its children's HTML in an element the browser can find by id, first rendered with the page, then kept", async () => {
    const expected =
      '<div id="part-a" class="columns"><ul><li><a href="/content/delivery">delivery</a></li><li><a href="/content/returns">returns</a></li></ul></div>';
    expect(page("part-a", ["delivery", "returns"])).toContain(expected);
    await afterPage();
    expect(page("part-a", ["delivery", "returns"])).toContain(expected);
  });

  it("is rendered once for the same content, and again when the content changes", async () => {
    renders = 0;
    const first = page("part-b", ["delivery"]);
    await afterPage();
    expect(renders).toBe(2); // with the page, then on its own
    for (let i = 0; i < 5; i++) expect(page("part-b", ["delivery"])).toBe(first);
    expect(renders).toBe(2);
    const changed = page("part-b", ["delivery", "size-guide"]);
    expect(changed).toContain('<a href="/content/size-guide">size-guide</a>');
    await afterPage();
    expect(page("part-b", ["delivery", "size-guide"])).toBe(changed);
    expect(renders).toBe(4);
    // Another part with the same content is another entry.
    renders = 0;
    expect(page("part-c", ["delivery"])).toContain('<div id="part-c" class="columns">');
    await afterPage();
    expect(renders).toBe(2);
  });

  it("is queued once however many pages ask for it before it is rendered", async () => {
    renders = 0;
    for (let i = 0; i < 10; i++) page("part-d", ["returns"]);
    await afterPage();
    expect(renders).toBe(11);
    page("part-d", ["returns"]);
    expect(renders).toBe(11);
  });

  it("keeps a bounded number of renders: an old content is rendered again when it comes back", async () => {
    page("part-e", ["first"]);
    await afterPage();
    for (let i = 0; i < 64; i++) {
      page("part-e", [`other-${i}`]);
      await afterPage();
    }
    renders = 0;
    page("part-e", ["first"]);
    expect(renders).toBe(1);
  });

  it("not kept (a listing's grid, other on every page): rendered with every page, as its own element", async () => {
    cards = 0;
    const grid = (names: string[]) =>
      renderToString(
        <StaticHtmlRendererContext value={renderStaticHtml}>
          <StaticHtml id="grid" as="ul" className="grid" content={JSON.stringify(names)} keep={false}>
            <>
              {names.map((name) => (
                <Card key={name} name={name} />
              ))}
            </>
          </StaticHtml>
        </StaticHtmlRendererContext>,
      );
    const expected = '<ul id="grid" class="grid"><li><a href="/p/boots">boots</a></li><li><a href="/p/jacket">jacket</a></li></ul>';
    expect(grid(["boots", "jacket"])).toBe(expected);
    await afterPage();
    expect(cards).toBe(2); // with the page, nothing apart from it
    expect(grid(["boots", "jacket"])).toBe(expected);
    await afterPage();
    expect(cards).toBe(4); // and again with the next
  });
});
