import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CANVAS, KINDS, drawProductSvg, formatImageKey, parseImageKey } from "./draw.ts";

const svgOf = (raw: string) => {
  const key = parseImageKey(raw);
  if (!key) throw new Error(`${raw} did not parse`);
  return drawProductSvg(key);
};

describe("parseImageKey", () => {
  it("parses every kind, view and seed", () => {
    for (const kind of KINDS) {
      for (const view of [1, 2, 3] as const) {
        for (const seed of [0, 9]) {
          const raw = `${kind}/1f3a5f/${view}/${seed}`;
          const key = parseImageKey(raw);
          expect(key).toEqual({ kind, hex: "1f3a5f", view, seed });
          expect(key && formatImageKey(key)).toBe(raw);
        }
      }
    }
  });

  it("rejects anything that is not exactly a key", () => {
    for (const raw of [
      "",
      "jacket",
      "jacket/1f3a5f/1",
      "jacket/1f3a5f/1/4/",
      "/jacket/1f3a5f/1/4",
      "jacket/1f3a5f/1/4/5",
      "jacket/1F3A5F/1/4",
      "JACKET/1f3a5f/1/4",
      "jacket/1f3a5/1/4",
      "jacket/1f3a5fa/1/4",
      "jacket/gggggg/1/4",
      "jacket/#1f3a5f/1/4",
      "jacket/1f3a5f/0/4",
      "jacket/1f3a5f/4/4",
      "jacket/1f3a5f/1/10",
      "jacket/1f3a5f/1/-1",
      "jacket//1/4",
      "coat/1f3a5f/1/4",
      "constructor/1f3a5f/1/4",
      " jacket/1f3a5f/1/4",
      "jacket/1f3a5f/1/4\n",
      "jacket/1f3a5f/1/4?w=100",
      "jacket%2F1f3a5f/1/4",
    ]) {
      expect(parseImageKey(raw), JSON.stringify(raw)).toBeNull();
    }
  });
});

describe("drawProductSvg", () => {
  it("draws every kind in every view as an SVG of the canvas size, in the product's colour", async () => {
    for (const kind of KINDS) {
      for (const view of [1, 2, 3]) {
        const svg = svgOf(`${kind}/2e6b3f/${view}/${view + 2}`);
        expect(svg.startsWith("<svg "), kind).toBe(true);
        expect(svg.endsWith("</svg>"), kind).toBe(true);
        expect(svg).toContain("#2e6b3f");
        expect(svg).not.toMatch(/NaN|undefined|href=/);
        // librsvg parses it: well-formed XML with the declared size
        const meta = await sharp(Buffer.from(svg)).metadata();
        expect(meta).toMatchObject({ format: "svg", width: CANVAS.width, height: CANVAS.height });
      }
    }
  });

  it("is deterministic and varies by kind, colour, view and seed", () => {
    expect(svgOf("boot/6b4a32/1/3")).toBe(svgOf("boot/6b4a32/1/3"));
    const kinds = new Set(KINDS.map((kind) => svgOf(`${kind}/6b4a32/1/3`)));
    expect(kinds.size).toBe(KINDS.length);
    const variants = ["boot/6b4a32/1/3", "boot/1b1b1d/1/3", "boot/6b4a32/2/3", "boot/6b4a32/3/3", "boot/6b4a32/1/4"].map(svgOf);
    expect(new Set(variants).size).toBe(variants.length);
  });

  it("fills the garment with the colour (checked on the pixels)", async () => {
    const { data, info } = await sharp(Buffer.from(svgOf("sweater/b3262e/1/1")), { density: 7.2 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 140]);
    const at = (x: number, y: number): [number, number, number] => {
      const i = (y * info.width + x) * 3;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    };
    const [r, g, b] = at(40, 80); // chest, left of centre
    expect(Math.abs(r - 0xb3) + Math.abs(g - 0x26) + Math.abs(b - 0x2e)).toBeLessThan(60);
    const [br, bg, bb] = at(2, 2); // light background
    expect(Math.min(br, bg, bb)).toBeGreaterThan(225);
  });

  it("uses no external resources and only system fonts", () => {
    for (const kind of KINDS) {
      const svg = svgOf(`${kind}/f4f3ee/1/0`);
      expect(svg).not.toMatch(/<image|url\((?!#)|@import|@font-face|xlink:href/);
    }
  });
});
