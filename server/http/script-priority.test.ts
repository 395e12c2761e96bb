import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.ts";

/** The document as the browser would get it, written in chunks of `size` bytes. */
async function through(html: string, size: number) {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const page = [
  "<!DOCTYPE html><html><head><title>Sadetakki — Kauppa ääkköset</title>",
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/>',
  '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/>',
  "</head><body>",
  '<p>Example: &lt;link rel="modulepreload"&gt;</p><link rel="modulepreload" href="/assets/late.js"/>',
  "</body></html>",
].join("");

describe("module preloads at low priority", () => {
  it("lowers the head's module preloads and leaves the rest of the page as it was", async () => {
    for (const size of [1, 3, 7, 64, 100_000]) {
      const out = await through(page, size);
      expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"/>');
      // Already low: not given the attribute twice.
      expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/>');
      expect(out).toContain("Sadetakki — Kauppa ääkköset");
      expect(out.slice(out.indexOf("</head>"))).toBe(page.slice(page.indexOf("</head>")));
      expect(out.replaceAll(' fetchpriority="low"', "")).toBe(page.replaceAll(' fetchpriority="low"', ""));
    }
  });

  it("passes a document without a head as it came", async () => {
    expect(await through("<p>Service unavailable — yritä pian uudelleen</p>", 5)).toBe("<p>Service unavailable — yritä pian uudelleen</p>");
  });
});
