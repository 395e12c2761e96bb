// The wire module alone (decision 0026): locale chains and fallback, links found anywhere in a
// value, and include resolution — depth, cycles, links to nothing — with one load per level.
import { describe, expect, it } from "vitest";
import type { ContentAssetRow, ContentLocaleRow } from "../db/schema.ts";
import {
  assetLink,
  entryLink,
  fieldValue,
  linkOf,
  linksIn,
  localeChain,
  resolveLinks,
  type StoredEntry,
  wireCollection,
  wireEntry,
  withIncludes,
} from "./wire.ts";

const LOCALES: ContentLocaleRow[] = [
  { code: "en-GB", name: "English", fallbackCode: null, isDefault: true, position: 0 },
  { code: "fi-FI", name: "Finnish", fallbackCode: "en-GB", isDefault: false, position: 1 },
  { code: "sv-FI", name: "Swedish", fallbackCode: "fi-FI", isDefault: false, position: 2 },
];
const at = new Date("2026-01-01T00:00:00Z");
const entry = (id: string, links: string[] = [], extra: Record<string, Record<string, unknown>> = {}): StoredEntry => ({
  id,
  contentTypeId: "menuLink",
  revision: 1,
  fields: { title: { "en-GB": id }, childLinks: { "en-GB": links.map(entryLink) }, ...extra },
  createdAt: at,
  updatedAt: at,
});
const asset = (id: string) => ({ id }) as ContentAssetRow;

/** A loader over a fixed set of entries that records what each call asked for. */
function loader(entries: StoredEntry[], assets: string[] = []) {
  const calls: string[][] = [];
  return {
    calls,
    entries: async (ids: string[]) => {
      calls.push([...ids].sort());
      return entries.filter((e) => ids.includes(e.id));
    },
    assets: async (ids: string[]) => {
      calls.push(ids.map((id) => `asset:${id}`));
      return assets.filter((id) => ids.includes(id)).map(asset);
    },
  };
}

describe("locales", () => {
  it("chains a locale through its fallbacks to the default, cutting cycles", () => {
    expect(localeChain(LOCALES, "sv-FI")).toEqual(["sv-FI", "fi-FI", "en-GB"]);
    expect(localeChain(LOCALES, "en-GB")).toEqual(["en-GB"]);
    const cyclic = LOCALES.map((l) => (l.code === "en-GB" ? { ...l, fallbackCode: "sv-FI" } : l));
    expect(localeChain(cyclic, "fi-FI")).toEqual(["fi-FI", "en-GB", "sv-FI"]);
  });

  it("takes a value from the first locale of the chain that has one (null counts as none)", () => {
    const fields = { title: { "en-GB": "Jackets", "fi-FI": "Takit" }, colour: { "en-GB": "#fff", "fi-FI": null } };
    expect(fieldValue(fields, "title", ["fi-FI", "en-GB"])).toBe("Takit");
    expect(fieldValue(fields, "colour", ["fi-FI", "en-GB"])).toBe("#fff");
    expect(fieldValue(fields, "missing", ["fi-FI", "en-GB"])).toBeUndefined();
    const wire = wireEntry({ ...entry("x"), fields }, "fi-FI", ["fi-FI", "en-GB"]);
    expect(wire.fields).toEqual({ title: "Takit", colour: "#fff" });
    expect(wire.sys).toMatchObject({ id: "x", type: "Entry", locale: "fi-FI", revision: 1, createdAt: "2026-01-01T00:00:00.000Z" });
  });
});

describe("links", () => {
  it("finds links in link fields, lists and rich text, and nothing else", () => {
    expect(linkOf(entryLink("a"))).toEqual({ linkType: "Entry", id: "a" });
    expect(linkOf({ sys: { type: "Link", linkType: "ContentType", id: "a" } })).toBeNull();
    expect(linkOf({ sys: { type: "Entry", id: "a" } })).toBeNull();
    expect(linkOf("a")).toBeNull();
    const richText = {
      nodeType: "document",
      content: [{ nodeType: "embedded-asset-block", data: { target: assetLink("p") }, content: [] }],
    };
    expect(linksIn({ one: entryLink("a"), many: [entryLink("b"), "text"], richText })).toEqual([
      { linkType: "Entry", id: "a" },
      { linkType: "Entry", id: "b" },
      { linkType: "Asset", id: "p" },
    ]);
  });
});

describe("include resolution", () => {
  // a → b → c → d, and d → a: a cycle four long; b also links a picture.
  const graph = [entry("a", ["b"]), entry("b", ["c"], { image: { "en-GB": assetLink("pic") } }), entry("c", ["d"]), entry("d", ["a"])];
  const start = graph[0] as StoredEntry;

  it("follows links as many levels as asked, one load per level and kind", async () => {
    for (const [depth, expected] of [
      [0, []],
      [1, ["b"]],
      [2, ["b", "c"]],
      [3, ["b", "c", "d"]],
    ] as const) {
      const load = loader(graph, ["pic"]);
      const resolved = await resolveLinks([start], depth, ["en-GB"], load);
      expect([...resolved.entries.keys()].sort(), `depth ${depth}`).toEqual(expected);
      expect(resolved.missing).toEqual([]);
      // Entries per level, and the picture once with the level that found it.
      expect(load.calls.length, `depth ${depth}`).toBe(depth === 0 ? 0 : depth + (depth >= 2 ? 1 : 0));
    }
  });

  it("ends a cycle where it meets an entry already known, never loading one twice", async () => {
    const load = loader(graph, ["pic"]);
    const resolved = await resolveLinks([start], 10, ["en-GB"], load);
    expect([...resolved.entries.keys()].sort()).toEqual(["b", "c", "d"]);
    expect([...resolved.assets.keys()]).toEqual(["pic"]);
    expect(load.calls.flat().sort()).toEqual(["asset:pic", "b", "c", "d"]);
  });

  it("reports links to nothing, and leaves them out of includes", async () => {
    const lonely = entry("lonely", ["gone"], { image: { "en-GB": assetLink("lost") } });
    const resolved = await resolveLinks([lonely], 4, ["en-GB"], loader([]));
    expect(resolved.missing).toEqual([
      { linkType: "Entry", id: "gone" },
      { linkType: "Asset", id: "lost" },
    ]);
    const wire = withIncludes(
      wireCollection([wireEntry(lonely, "en-GB", ["en-GB"])], { total: 1, skip: 0, limit: 1 }),
      resolved,
      "en-GB",
      ["en-GB"],
      ["en-GB"],
    );
    expect(wire.includes).toBeUndefined();
    expect(wire.errors).toEqual([
      { sys: { id: "notResolvable", type: "error" }, details: { type: "Link", linkType: "Entry", id: "gone" } },
      { sys: { id: "notResolvable", type: "error" }, details: { type: "Link", linkType: "Asset", id: "lost" } },
    ]);
  });

  it("follows the links of the locale asked for", async () => {
    const localized = entry("loc", [], { childLinks: { "en-GB": [entryLink("en-only")], "fi-FI": [entryLink("fi-only")] } });
    const all = [entry("en-only"), entry("fi-only")];
    expect([...(await resolveLinks([localized], 1, ["fi-FI", "en-GB"], loader(all))).entries.keys()]).toEqual(["fi-only"]);
    expect([...(await resolveLinks([localized], 1, ["en-GB"], loader(all))).entries.keys()]).toEqual(["en-only"]);
    expect([...(await resolveLinks([localized], 1, "*", loader(all))).entries.keys()].sort()).toEqual(["en-only", "fi-only"]);
  });
});
