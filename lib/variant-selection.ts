// Choosing colour and size on a configurable product (spec §4 "Product page"):
// - loading resets every selection; the colour comes from the link or is the first colour;
// - a size is kept only if it is available in the chosen colour, and a size with no
//   variant is cleared; out-of-stock variants are not available sizes;
// - a single available size is chosen automatically;
// - the active product is the variant matching colour and size; with only a colour, the
//   first available size variant of that colour stands for it (price, stock, images).
import type { ConfigurableOption, Variant } from "./catalog-types.ts";

export interface SelectableProduct {
  configurable_options: ConfigurableOption[];
  variants: Variant[];
}

export interface Selection {
  color: string | null;
  size: string | null;
}

const attributeOf = (variant: Variant, code: "color" | "size") => variant.attributes.find((a) => a.code === code)?.uid ?? null;
const inStock = (variant: Variant) => variant.product.stock_status === "IN_STOCK";
const optionValues = (product: SelectableProduct, code: "color" | "size") =>
  product.configurable_options.find((o) => o.attribute_code === code)?.values.map((v) => v.uid) ?? [];

/** Sizes with an in-stock variant in the colour (all colours when none is chosen), in option order. */
export function availableSizes(product: SelectableProduct, color: string | null): string[] {
  const sizes = new Set(
    product.variants.filter((v) => inStock(v) && (color === null || attributeOf(v, "color") === color)).map((v) => attributeOf(v, "size")),
  );
  return optionValues(product, "size").filter((uid) => sizes.has(uid));
}

function settle(product: SelectableProduct, selection: Selection): Selection {
  const sizes = availableSizes(product, selection.color);
  let size = selection.size !== null && sizes.includes(selection.size) ? selection.size : null;
  if (size === null && sizes.length === 1) size = sizes[0] ?? null;
  return { color: selection.color, size };
}

/** The selection a freshly loaded product page starts with. */
export function initialSelection(product: SelectableProduct, fromLink: Partial<Selection> = {}): Selection {
  const colors = optionValues(product, "color");
  const color = fromLink.color && colors.includes(fromLink.color) ? fromLink.color : (colors[0] ?? null);
  return settle(product, { color, size: fromLink.size ?? null });
}

export function selectColor(product: SelectableProduct, selection: Selection, color: string): Selection {
  if (!optionValues(product, "color").includes(color)) return selection;
  return settle(product, { color, size: selection.size });
}

export function selectSize(product: SelectableProduct, selection: Selection, size: string): Selection {
  return settle(product, { color: selection.color, size });
}

/** The variant the page shows: colour and size, or with only a colour its first available size. */
export function activeVariant(product: SelectableProduct, selection: Selection): Variant | null {
  const ofColor = product.variants.filter((v) => selection.color === null || attributeOf(v, "color") === selection.color);
  if (selection.size !== null) return ofColor.find((v) => attributeOf(v, "size") === selection.size) ?? null;
  return ofColor.find(inStock) ?? null;
}

/** True when every option has a value, so the product can go to the cart. */
export function isComplete(product: SelectableProduct, selection: Selection): boolean {
  const needsColor = optionValues(product, "color").length > 0;
  const needsSize = optionValues(product, "size").length > 0;
  return (!needsColor || selection.color !== null) && (!needsSize || selection.size !== null);
}

/**
 * The product URL's `selectedConfigurations` parameter (spec §2): option uid and value uid
 * pairs, "optionUid:valueUid,optionUid:valueUid".
 */
export function parseSelectedConfigurations(product: SelectableProduct, raw: string | null): Partial<Selection> {
  const out: Partial<Selection> = {};
  for (const pair of (raw ?? "").split(",")) {
    const [optionUid, valueUid] = pair.split(":");
    const option = product.configurable_options.find((o) => o.uid === optionUid);
    if (option && valueUid && option.values.some((v) => v.uid === valueUid)) out[option.attribute_code] = valueUid;
  }
  return out;
}

export function formatSelectedConfigurations(product: SelectableProduct, selection: Selection): string {
  return product.configurable_options
    .map((o) => [o.uid, selection[o.attribute_code]] as const)
    .filter(([, value]) => value !== null)
    .map(([option, value]) => `${option}:${value}`)
    .join(",");
}

/**
 * The same choice on the product as another store shows it (switching language): each chosen
 * value is found by its attribute value (`value_index`), which every store shares, so a
 * store's own uids and labels never have to match; a value the other store does not offer
 * is left out.
 */
export function mapSelection(from: SelectableProduct, to: SelectableProduct, selection: Partial<Selection>): Partial<Selection> {
  const out: Partial<Selection> = {};
  for (const code of ["color", "size"] as const) {
    const uid = selection[code];
    const index = from.configurable_options.find((o) => o.attribute_code === code)?.values.find((v) => v.uid === uid)?.value_index;
    const match = to.configurable_options.find((o) => o.attribute_code === code)?.values.find((v) => v.value_index === index);
    if (index !== undefined && match) out[code] = match.uid;
  }
  return out;
}
