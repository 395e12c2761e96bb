import { describe, expect, it } from "vitest";
import type { Variant } from "./catalog-types.ts";
import {
  activeVariant,
  availableSizes,
  formatSelectedConfigurations,
  initialSelection,
  isComplete,
  mapSelection,
  parseSelectedConfigurations,
  type SelectableProduct,
  selectColor,
  selectSize,
} from "./variant-selection.ts";

const value = (uid: string) => ({ uid, value_index: 0, label: uid, swatch: null });
const variant = (color: string, size: string, stock: boolean): Variant => ({
  attributes: [
    { code: "color", uid: color, value_index: 0, label: color },
    { code: "size", uid: size, value_index: 0, label: size },
  ],
  product: {
    sku: `X-${color}-${size}`,
    stock_status: stock ? "IN_STOCK" : "OUT_OF_STOCK",
    only_x_left_in_stock: null,
    price_range: {} as Variant["product"]["price_range"],
  },
});

// navy: S, M in stock, L sold out · green: only M in stock · red: sold out, and no L variant at all.
const product: SelectableProduct = {
  configurable_options: [
    { uid: "opt-color", attribute_code: "color", label: "Colour", position: 0, values: ["navy", "green", "red"].map(value) },
    { uid: "opt-size", attribute_code: "size", label: "Size", position: 1, values: ["S", "M", "L"].map(value) },
  ],
  variants: [
    variant("navy", "S", true),
    variant("navy", "M", true),
    variant("navy", "L", false),
    variant("green", "S", false),
    variant("green", "M", true),
    variant("green", "L", false),
    variant("red", "S", false),
    variant("red", "M", false),
  ],
};

describe("initial selection", () => {
  it.each([
    ["no link: the first colour, no size", {}, { color: "navy", size: null }],
    ["colour from the link", { color: "red" }, { color: "red", size: null }],
    ["colour with a single available size: that size", { color: "green" }, { color: "green", size: "M" }],
    ["size from the link kept when available", { color: "navy", size: "M" }, { color: "navy", size: "M" }],
    ["sold-out size from the link cleared", { color: "navy", size: "L" }, { color: "navy", size: null }],
    ["unknown colour from the link: the first colour", { color: "pink" }, { color: "navy", size: null }],
  ])("%s", (_name, link, expected) => {
    expect(initialSelection(product, link)).toEqual(expected);
  });
});

describe("changing colour and size", () => {
  it.each([
    ["keeps a size available in the new colour", { color: "navy", size: "M" }, "green", { color: "green", size: "M" }],
    ["clears a size not available in the new colour", { color: "navy", size: "S" }, "red", { color: "red", size: null }],
    ["picks the single available size of the new colour", { color: "navy", size: "S" }, "green", { color: "green", size: "M" }],
    ["ignores an unknown colour", { color: "navy", size: "S" }, "pink", { color: "navy", size: "S" }],
  ])("colour: %s", (_name, from, color, expected) => {
    expect(selectColor(product, from, color)).toEqual(expected);
  });

  it.each([
    ["an available size is taken", { color: "navy", size: null }, "S", { color: "navy", size: "S" }],
    ["a sold-out size is not", { color: "navy", size: null }, "L", { color: "navy", size: null }],
    ["a size with no variant in the colour is cleared", { color: "red", size: null }, "L", { color: "red", size: null }],
  ])("size: %s", (_name, from, size, expected) => {
    expect(selectSize(product, from, size)).toEqual(expected);
  });
});

describe("the active product", () => {
  it("is the variant matching colour and size", () => {
    expect(activeVariant(product, { color: "navy", size: "M" })?.product.sku).toBe("X-navy-M");
  });
  it("with only a colour, is its first available size variant", () => {
    expect(activeVariant(product, { color: "navy", size: null })?.product.sku).toBe("X-navy-S");
    expect(activeVariant(product, { color: "red", size: null })).toBeNull();
  });
});

describe("availability and completeness", () => {
  it("lists in-stock sizes in option order", () => {
    expect(availableSizes(product, "navy")).toEqual(["S", "M"]);
    expect(availableSizes(product, "red")).toEqual([]);
    expect(availableSizes(product, null)).toEqual(["S", "M"]);
  });
  it("needs every option chosen", () => {
    expect(isComplete(product, { color: "navy", size: null })).toBe(false);
    expect(isComplete(product, { color: "navy", size: "S" })).toBe(true);
    expect(isComplete({ configurable_options: [], variants: [] }, { color: null, size: null })).toBe(true);
  });
});

describe("selectedConfigurations in the URL", () => {
  it("round-trips option and value uid pairs", () => {
    const raw = formatSelectedConfigurations(product, { color: "green", size: "M" });
    expect(raw).toBe("opt-color:green,opt-size:M");
    expect(parseSelectedConfigurations(product, raw)).toEqual({ color: "green", size: "M" });
  });
  it("ignores pairs that name no option or value", () => {
    expect(parseSelectedConfigurations(product, "opt-color:pink,nope:M,opt-size:L")).toEqual({ size: "L" });
    expect(parseSelectedConfigurations(product, null)).toEqual({});
  });
});

describe("the same choice in another store", () => {
  // Another store's uids and labels for the same attribute values (value_index): nothing matches by uid.
  const indexed = (prefix: string, list: string[], labels: string[] = list) =>
    list.map((uid, i) => ({ uid: `${prefix}${uid}`, value_index: i + 1, label: labels[i] ?? uid, swatch: null }));
  const en: SelectableProduct = {
    configurable_options: [
      { uid: "c", attribute_code: "color", label: "Colour", position: 0, values: indexed("en-", ["navy", "green"]) },
      { uid: "s", attribute_code: "size", label: "Size", position: 1, values: indexed("en-", ["S", "M", "L"]) },
    ],
    variants: [],
  };
  const fi: SelectableProduct = {
    configurable_options: [
      {
        uid: "vari",
        attribute_code: "color",
        label: "Väri",
        position: 0,
        values: indexed("fi-", ["navy", "green"], ["Laivastonsininen", "Vihreä"]),
      },
      // The other store does not sell L.
      { uid: "koko", attribute_code: "size", label: "Koko", position: 1, values: indexed("fi-", ["S", "M"]) },
    ],
    variants: [],
  };

  it("finds each chosen value by its attribute value", () => {
    expect(mapSelection(en, fi, { color: "en-green", size: "en-M" })).toEqual({ color: "fi-green", size: "fi-M" });
    expect(formatSelectedConfigurations(fi, { color: "fi-green", size: "fi-M" })).toBe("vari:fi-green,koko:fi-M");
  });

  it("leaves out a value the other store does not offer, or that the product does not have", () => {
    expect(mapSelection(en, fi, { color: "en-navy", size: "en-L" })).toEqual({ color: "fi-navy" });
    expect(mapSelection(en, fi, { color: "fi-navy", size: null })).toEqual({});
    expect(mapSelection(en, fi, {})).toEqual({});
  });
});
