import { describe, expect, it } from "vitest";
import type { RichText, RichTextNode } from "../../../lib/cms-types.ts";
import { a, BLOCKS, doc, EMPTY_DOC, h, image, p, text, ul } from "../../../tests/fixtures/cms-blocks.ts";
import { ORIGINS, renderBlocks, renderElement } from "../../../tests/fixtures/render-blocks.tsx";
import { isEmptyRichText, RichText as RichTextView } from "./rich-text.tsx";
import { linkTarget } from "./link.tsx";

/** Rich text as a page shows it: inside a wysiwyg block under the block renderer. */
const render = (content: RichText, locale: "en" | "fi" = "en") => renderBlocks([{ ...BLOCKS.wysiwyg, content }], { locale });

describe("rich text links", () => {
  it("a path of this site is a client-side link (React Router), another site a plain link", async () => {
    const html = await render(doc(p(a("/c/takit", "Jackets"), " and ", a("https://example.com/care", "care"))));
    expect(html).toMatch(/<a [^>]*href="\/c\/takit"[^>]*>Jackets<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/example.com\/care" class="[^"]*">care<\/a>/);
  });

  it("an absolute URL of this store is made local; the other store's domain stays a full link", async () => {
    const html = await render(
      doc(p(a(`${ORIGINS.en}/content/privacy`, "Privacy"), a(`${ORIGINS.fi}/content/tietosuojaseloste`, "Suomeksi"))),
    );
    expect(html).toMatch(/href="\/content\/privacy"/);
    expect(html).toMatch(/<a href="http:\/\/fi.localhost:3000\/content\/tietosuojaseloste" class="[^"]*">Suomeksi<\/a>/);
    const fi = await render(doc(p(a(`${ORIGINS.fi}/content/tietosuojaseloste`, "Tietosuoja"))), "fi");
    expect(fi).toMatch(/href="\/content\/tietosuojaseloste"/);
  });

  it("a new-window link opens with noopener noreferrer and says so", async () => {
    const html = await render(doc(p(a("https://tietosuoja.fi/en", "Ombudsman", true))));
    expect(html).toMatch(/<a href="https:\/\/tietosuoja.fi\/en" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('<span class="sr-only"> (opens in a new window)</span>');
    const fi = await render(doc(p(a("/content/ehdot", "Ehdot", true))), "fi");
    expect(fi).toMatch(/<a href="\/content\/ehdot" target="_blank" rel="noopener noreferrer"/);
    expect(fi).toContain("(avautuu uuteen ikkunaan)");
  });

  it("a javascript: or data: URL is no link at all", async () => {
    const html = await render(doc(p(a("javascript:alert(1)", "Click"), a("data:text/html,<b>x</b>", "Data"))));
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:text");
    expect(html).not.toContain("<a ");
    expect(html).toContain("Click");
  });

  it.each([
    ["/c/naiset", undefined, { kind: "local", path: "/c/naiset" }],
    ["#sizes", undefined, { kind: "local", path: "#sizes" }],
    ["//evil.example/x", undefined, { kind: "none" }],
    ["https://shop.example/p/x?y=1#z", "https://shop.example", { kind: "local", path: "/p/x?y=1#z" }],
    ["https://shop.example.fi/p/x", "https://shop.example", { kind: "external", href: "https://shop.example.fi/p/x" }],
    ["mailto:asiakaspalvelu@example.fi", undefined, { kind: "external", href: "mailto:asiakaspalvelu@example.fi" }],
    ["vbscript:x", undefined, { kind: "none" }],
  ])("linkTarget(%s)", (href, origin, expected) => {
    expect(linkTarget(href, origin)).toEqual(expected);
  });
});

describe("rich text structure", () => {
  it("escapes text: an editor's <script> is text on the page", async () => {
    const html = await render(doc(p('<script>alert("x")</script>'), h(2, "<img src=x onerror=alert(1)>")));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("renders marks, headings, lists, quotes, rules and tables", async () => {
    const table: RichTextNode = {
      nodeType: "table",
      content: [
        {
          nodeType: "table-row",
          content: [
            { nodeType: "table-header-cell", content: [p("Size")] },
            { nodeType: "table-header-cell", content: [p("Chest")] },
          ],
        },
        {
          nodeType: "table-row",
          content: [
            { nodeType: "table-header-cell", content: [p("M")] },
            { nodeType: "table-cell", content: [p("88–94")] },
          ],
        },
      ],
    };
    const html = await render(
      doc(
        h(2, "Care"),
        h(4, "Wool"),
        p(text("Bold", "bold"), text("Both", "bold", "italic"), text("H2O", "subscript"), text("code", "code")),
        ul("One", "Two"),
        { nodeType: "ordered-list", content: [{ nodeType: "list-item", content: [p("First")] }] },
        { nodeType: "blockquote", content: [p("Quote")] },
        { nodeType: "hr", content: [] },
        table,
      ),
    );
    expect(html).toMatch(/<h2[^>]*>Care<\/h2>/);
    expect(html).toMatch(/<h4[^>]*>Wool<\/h4>/);
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).toContain("<em><strong>Both</strong></em>");
    expect(html).toContain("<sub>H2O</sub>");
    expect(html).toMatch(/<code[^>]*>code<\/code>/);
    expect(html).toMatch(/<ul[^>]*><li[^>]*><p>One<\/p><\/li><li[^>]*><p>Two<\/p><\/li><\/ul>/);
    expect(html).toMatch(/<ol[^>]*><li[^>]*><p>First<\/p><\/li><\/ol>/);
    expect(html).toMatch(/<blockquote[^>]*><p>Quote<\/p><\/blockquote>/);
    expect(html).toContain("<hr");
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<th scope="row"[^>]*><p>M<\/p><\/th><td/);
  });

  it("an embedded entry renders its block through the block renderer, a missing one nothing", async () => {
    const html = await render(
      doc(
        p("Before"),
        { nodeType: "embedded-entry-block", block: BLOCKS.normalButton },
        { nodeType: "embedded-entry-block", block: null },
        p("Inline: ", { nodeType: "embedded-entry-inline", block: BLOCKS.buttonList }),
      ),
    );
    expect(html).toMatch(/data-block="normalButton"[^>]*><a [^>]*href="\/c\/takit"[^>]*>See all jackets<\/a>/);
    // A block inside a paragraph would be invalid HTML: that paragraph becomes a <div>.
    expect(html).toMatch(/<div>Inline: <section[^>]*data-block="buttonList"/);
  });

  it("an embedded entry follows the visibility rule of the page", async () => {
    const hidden = { ...BLOCKS.normalButton, visibility: { ...BLOCKS.normalButton.visibility, isVisible: false } };
    const html = await render(doc({ nodeType: "embedded-entry-block", block: hidden }));
    expect(html).not.toContain('data-block="normalButton"');
  });

  it("an embedded asset is a sized WebP picture with its description as alt text", async () => {
    const html = await render(
      doc({ nodeType: "embedded-asset-block", image: image("care-label", "A care label with washing symbols", 1200, 800) }),
    );
    expect(html).toMatch(/<img src="\/img\/c\/care-label\?w=960&amp;h=640&amp;q=80&amp;fm=webp"/);
    expect(html).toContain('alt="A care label with washing symbols"');
    expect(html).toContain('width="960" height="640"');
    expect(html).toContain('loading="lazy"');
  });

  it("an empty document renders nothing", async () => {
    expect(isEmptyRichText(EMPTY_DOC)).toBe(true);
    expect(isEmptyRichText(doc(p("x")))).toBe(false);
    expect(await renderElement(<RichTextView document={EMPTY_DOC} />)).toBe("");
  });
});
