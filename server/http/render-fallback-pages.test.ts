// A page in which something waits is drawn again by the streaming renderer (decision 0059). The
// one thing in the shop's pages that can wait is a CMS block embedded in a placement's text: its
// component comes from the blocks' module, loaded the first time such a block is shown. The real
// production build, rendered in-process; this file's process has not loaded that module yet.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltPages, builtRenderCounts, loadBuiltPages } from "../../tests/helpers/built-pages.ts";
import { createTestShop, type TestShop } from "../../tests/helpers/test-app.ts";
import { entryLink } from "../content/wire.ts";
import { createPageCache } from "./page-cache.ts";

let shop: TestShop;
let pages: BuiltPages;

beforeAll(async () => {
  shop = await createTestShop();
  pages = await loadBuiltPages({ cache: createPageCache({ maxEntries: 0, ttlSeconds: 0 }) });
  // The demo's first campaign banner, its text now holding the front page's button.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kauppa-fallback-"));
  const paragraph = (value: string) => ({ nodeType: "paragraph", data: {}, content: [{ nodeType: "text", value, marks: [], data: {} }] });
  const banner = {
    sys: { id: "banner-shipping", contentType: { sys: { id: "campaignBanner" } }, publishedVersion: 2, revision: 2 },
    fields: {
      entryTitle: { "en-GB": "banner-shipping" },
      content: {
        "en-GB": {
          nodeType: "document",
          data: {},
          content: [
            paragraph("Free delivery on orders over €79"),
            { nodeType: "embedded-entry-block", data: { target: entryLink("home-button") }, content: [] },
          ],
        },
      },
      links: { "en-GB": [entryLink("link-women")] },
    },
  };
  fs.writeFileSync(path.join(dir, "content.json"), JSON.stringify({ contentTypes: [], entries: [banner], assets: [], locales: [] }));
  try {
    await shop.services.content.importContent(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => shop?.close());

const page = async () => {
  const response = await pages(new Request("http://localhost/c/women"), shop.services, "en");
  expect(response.status).toBe(200);
  return response.text();
};

describe("a page in which a part waits for its module", () => {
  it("is drawn whole by the streaming renderer the first time, by the string renderer after", async () => {
    const before = await builtRenderCounts();
    const first = await page();
    const afterFirst = await builtRenderCounts();
    expect(afterFirst.streamed - before.streamed).toBe(1);
    expect(afterFirst.whole - before.whole).toBe(0);

    const second = await page();
    const afterSecond = await builtRenderCounts();
    expect(afterSecond.whole - afterFirst.whole).toBe(1);
    expect(afterSecond.streamed - afterFirst.streamed).toBe(0);

    for (const html of [first, second]) {
      expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
      // The embedded button is in the banner, not a fallback left for the browser to fill.
      expect(html).toMatch(/data-block="campaignBanners"[\s\S]*data-block="normalButton"/);
      expect(html).not.toContain("<!--$!-->");
      // React Router's data and the stream's end, once each.
      expect(html.match(/streamController\.enqueue\('/g)).toHaveLength(1);
      expect(html.match(/streamController\.close\(\)/g)).toHaveLength(1);
    }
    // The same page either way, but for the nonce and React's text separators, which the frame's
    // static parts lose once they come from their own cache (decision 0057).
    const same = (html: string) =>
      html
        .replace(/nonce="[^"]*"/g, "")
        .replace(/"nonce","[^"]*"/g, "")
        .replaceAll("<!-- -->", "");
    expect(same(first)).toBe(same(second));
  });
});
