// The shopping data layer's items in GA4's ecommerce shape (spec §1, docs/decisions/0029):
// pure functions from the shop's own shapes (listing products, cart lines, order rows) to
// items and event bodies. Prices are the store's base currency with two decimals; a line's unit
// price is its row total including tax / quantity − its first discount per unit
// (lib/purchase-price.ts), so a cart line and the order row it became give the same price.
import { shortName } from "./product-name.ts";
import type { Cart, CartItem } from "./cart-types.ts";
import type { ProductSummary } from "./catalog-types.ts";
import { toAmount, toCents } from "./money.ts";
import { purchaseItemPrice } from "./purchase-price.ts";

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_variant?: string;
  price: number;
  quantity: number;
  index?: number;
  item_list_name?: string;
  item_list_id?: string;
  /** The discount per unit, when there is one. */
  discount?: number;
}

/** A list of products on a page: the category, the search results, a recommendation list. */
export interface ItemList {
  id: string;
  name: string;
}

export interface EcommerceBody {
  currency: string;
  value: number;
  items: AnalyticsItem[];
}

/** Euros with two decimals, as numbers (12.9, not "12.90"). */
export const round2 = (amount: number) => toAmount(Math.round(amount * 100));

/** Spec §1: GA4's item_name is the name as the shop shows it (up to the first comma). */
export const itemName = shortName;

const withList = (item: AnalyticsItem, list: ItemList | undefined, index: number | undefined): AnalyticsItem => ({
  ...item,
  ...(index === undefined ? {} : { index }),
  ...(list ? { item_list_id: list.id, item_list_name: list.name } : {}),
});

/** A product of a list (or of its own page): its lowest price now, the reduction per unit as the discount. */
export function productItem(
  product: Pick<ProductSummary, "sku" | "name" | "brand_value" | "price_range">,
  options: { index?: number; list?: ItemList; variant?: string } = {},
): AnalyticsItem {
  const bound = product.price_range.minimum_price;
  const discount = round2(bound.regular_price.value - bound.final_price.value);
  const item: AnalyticsItem = {
    item_id: product.sku,
    item_name: itemName(product.name),
    item_brand: product.brand_value || undefined,
    ...(options.variant ? { item_variant: options.variant } : {}),
    price: round2(bound.final_price.value),
    quantity: 1,
    ...(discount > 0 ? { discount } : {}),
  };
  return withList(dropUndefined(item), options.list, options.index);
}

/** A product the engagement service suggested or recommended (its wire shape: key is the sku). */
export interface SuggestedLike {
  key?: string;
  title: string;
  brand?: string;
  link: string;
  sellingPrice?: { min: number; max: number };
  listPrice?: { min: number; max: number };
}

export function suggestedItem(product: SuggestedLike, options: { index?: number; list?: ItemList } = {}): AnalyticsItem {
  const price = round2(product.sellingPrice?.min ?? 0);
  const discount = product.listPrice ? round2(product.listPrice.min - price) : 0;
  const item: AnalyticsItem = {
    item_id: product.key ?? product.link.replace(/^\/p\//, ""),
    item_name: itemName(product.title),
    item_brand: product.brand || undefined,
    price,
    quantity: 1,
    ...(discount > 0 ? { discount } : {}),
  };
  return withList(dropUndefined(item), options.list, options.index);
}

/** The currency of a product's prices (the store's base currency). */
export const productCurrency = (product: Pick<ProductSummary, "price_range">) => product.price_range.minimum_price.final_price.currency;

/** A cart line's variant: its chosen options' values ("Green / M"). */
export const lineVariant = (line: CartItem) => line.configurable_options.map((o) => o.value_label).join(" / ") || undefined;

/** A cart line as an item: the unit price of spec §1, the first discount per unit, `quantity` units (default: the line's). */
export function cartLineItem(line: CartItem, options: { quantity?: number; index?: number } = {}): AnalyticsItem {
  const firstDiscount = line.prices.discounts[0]?.amount.value ?? 0;
  const perUnit = line.quantity > 0 ? toAmount(Math.round(toCents(firstDiscount) / line.quantity)) : 0;
  const item: AnalyticsItem = {
    item_id: line.product.sku,
    item_name: itemName(line.product.name),
    item_brand: line.product.brand_value || undefined,
    item_variant: lineVariant(line),
    price: purchaseItemPrice({ row_total: line.prices.row_total_including_tax.value, quantity: line.quantity, discount: firstDiscount }),
    quantity: options.quantity ?? line.quantity,
    ...(options.index === undefined ? {} : { index: options.index }),
    ...(perUnit > 0 ? { discount: perUnit } : {}),
  };
  return dropUndefined(item);
}

/** Σ price × quantity, two decimals (counted in cents, so no float drift). */
export const itemsValue = (items: AnalyticsItem[]) => toAmount(items.reduce((sum, i) => sum + toCents(i.price) * i.quantity, 0));

export function ecommerceOf(items: AnalyticsItem[], currency: string): EcommerceBody {
  return { currency, value: itemsValue(items), items };
}

/** The whole cart (view_cart, begin_checkout), with its coupon when one applies. */
export function cartEcommerce(cart: Cart): EcommerceBody & { coupon?: string } {
  const items = cart.items.map((line, index) => cartLineItem(line, { index }));
  const coupon = cart.applied_coupons[0]?.code;
  return { ...ecommerceOf(items, cart.prices.grand_total.currency), ...(coupon ? { coupon } : {}) };
}

/**
 * What a cart write changed: lines that gained units (add_to_cart) and lines that lost units or
 * went (remove_from_cart), each with the units that moved, priced from the line's own prices.
 */
export function cartChanges(before: Cart | null, after: Cart | null): { added: AnalyticsItem[]; removed: AnalyticsItem[] } {
  const was = new Map((before?.items ?? []).map((line) => [line.id, line]));
  const now = new Map((after?.items ?? []).map((line) => [line.id, line]));
  const added: AnalyticsItem[] = [];
  const removed: AnalyticsItem[] = [];
  for (const line of now.values()) {
    const gained = line.quantity - (was.get(line.id)?.quantity ?? 0);
    if (gained > 0) added.push(cartLineItem(line, { quantity: gained }));
    if (gained < 0) removed.push(cartLineItem(was.get(line.id) as CartItem, { quantity: -gained }));
  }
  for (const line of was.values()) if (!now.has(line.id)) removed.push(cartLineItem(line));
  return { added, removed };
}

export interface PurchaseOrder {
  order_number: string;
  currency: string;
  coupon_code: string | null;
  items: { sku: string; name: string; quantity: number; row_total: number; discount: number; details?: Record<string, unknown> }[];
  totals: { grand_total: number; total_tax: number; shipping: number };
}

/** The `purchase` body: the order's number, its items, value (grand total), tax and shipping (with tax). */
export function purchaseEcommerce(order: PurchaseOrder) {
  const items = order.items.map((row, index) => {
    const perUnit = row.quantity > 0 ? toAmount(Math.round(toCents(row.discount) / row.quantity)) : 0;
    // The row keeps the cart line it was (without prices): the same id, brand and variant as the cart's events.
    const line = (row.details ?? {}) as Partial<Pick<CartItem, "product" | "configurable_options">>;
    const variant = (line.configurable_options ?? []).map((o) => o.value_label).join(" / ");
    return dropUndefined({
      item_id: line.product?.sku ?? row.sku,
      item_name: itemName(row.name),
      item_brand: line.product?.brand_value || undefined,
      item_variant: variant || undefined,
      price: purchaseItemPrice(row),
      quantity: row.quantity,
      index,
      ...(perUnit > 0 ? { discount: perUnit } : {}),
    } as AnalyticsItem);
  });
  return {
    transaction_id: order.order_number,
    value: round2(order.totals.grand_total),
    tax: round2(order.totals.total_tax),
    shipping: round2(order.totals.shipping),
    currency: order.currency,
    ...(order.coupon_code ? { coupon: order.coupon_code } : {}),
    items,
  };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
