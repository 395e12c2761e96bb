// Pricing a cart (spec §3, §4, §7): the cart as the API shows it, computed now from the
// current price history — its lines with their custom options, the coupon and gift card
// (or why they no longer apply), the shipping and payment methods on offer, and the totals.
import {
  type Cart,
  type CartItem,
  type CartItemCustomizableOption,
  type InvalidCode,
  MAX_CART_QUANTITY,
  type ShippingMethod,
} from "../../lib/cart-types.ts";
import { type CartTotals, cartTotals, divideRounded, type TotalsLine } from "../../lib/cart-totals.ts";
import type { Money, ProductTypename } from "../../lib/catalog-types.ts";
import {
  type Address,
  BUSINESS_DISCOUNT_PERCENT,
  canPlaceOrder,
  isValidVatId,
  PAYMENT_TITLES,
  paymentMethodsFor,
  type ShippingMethodRule,
  shippingCents,
  shippingMethodsFor,
} from "../../lib/checkout.ts";
import type { LocaleCode } from "../../lib/locales.ts";
import { toAmount } from "../../lib/money.ts";
import type { PickupPoint } from "../../lib/pickup-points.ts";
import { type PriceFacts, priceFacts } from "../../lib/price-history.ts";
import { variantPriceRange } from "../catalog/product-details.ts";
import type { Store } from "../catalog/service.ts";
import { couponProblem, giftCardProblem, invalidCode, priceLabel } from "./codes.ts";
import type { CartQueries, CartRow, CouponRow, CustomOptionRow, ItemViewRow, PickupPointRecord } from "./repository.ts";

const LABELS: Record<
  LocaleCode,
  { color: string; size: string; discount: string; business: (percent: number) => string; vat: (rate: string) => string }
> = {
  en: {
    color: "Colour",
    size: "Size",
    discount: "Discount",
    business: (percent) => `Business customer ${percent}%`,
    vat: (rate) => `VAT ${rate}%`,
  },
  fi: {
    color: "Väri",
    size: "Koko",
    discount: "Alennus",
    business: (percent) => `Yritysasiakas ${percent} %`,
    vat: (rate) => `ALV ${rate.replace(".", ",")} %`,
  },
};
const attributeUid = (code: "color" | "size") => Buffer.from(`attribute/${code}`).toString("base64url");
const text = (value: Record<string, string> | undefined, locale: LocaleCode) => value?.[locale] ?? value?.en ?? "";

/**
 * What pricing reads that changes only wholesale (tax rates, the brand's pickup stores): by
 * default read in the pricing's own query executor; the service passes a per-process cache.
 * And what the settings fix for the process's life (whether a card provider is on).
 */
export interface PricingReference {
  /** Whether card payment is offered: the shop has a card provider (decision 0037); unset: it is. */
  cardPayments?: boolean;
  taxRates(q: CartQueries): Promise<Map<string, number>>;
  pickupStores(q: CartQueries): ReturnType<CartQueries["pickupStores"]>;
  pickupPoints(q: CartQueries): ReturnType<CartQueries["pickupPoints"]>;
}

export const uncachedReference: PricingReference = {
  taxRates: (q) => q.taxRates(),
  pickupStores: (q) => q.pickupStores(),
  pickupPoints: (q) => q.pickupPoints(),
};

/** A pickup point in the store's language. */
export const pickupPointView = ({ opening_hours, ...point }: PickupPointRecord, locale: LocaleCode): PickupPoint => ({
  ...point,
  opening_hours: text(opening_hours, locale),
});

/**
 * A per-process cache of the reference, dropped whenever a wholesale change is recorded
 * (`data_versions` "catalog" or "config", the same rule as the catalogue's physical stores).
 * A failed read is not kept.
 */
export function cachedPricingReference(onWholesaleChange: (drop: () => void) => void): PricingReference {
  let rates: Promise<Map<string, number>> | null = null;
  let stores: ReturnType<CartQueries["pickupStores"]> | null = null;
  let points: ReturnType<CartQueries["pickupPoints"]> | null = null;
  onWholesaleChange(() => {
    rates = null;
    stores = null;
    points = null;
  });
  return {
    taxRates(q) {
      const read = rates ?? q.taxRates();
      rates = read;
      read.catch(() => {
        if (rates === read) rates = null;
      });
      return read;
    },
    pickupStores(q) {
      const read = stores ?? q.pickupStores();
      stores = read;
      read.catch(() => {
        if (stores === read) stores = null;
      });
      return read;
    },
    pickupPoints(q) {
      const read = points ?? q.pickupPoints();
      points = read;
      read.catch(() => {
        if (points === read) points = null;
      });
      return read;
    },
  };
}

const money = (cents: number, store: Store): Money => ({ value: toAmount(cents), currency: store.config.base_currency_code });

function optionCents(def: { price_type: string; price_cents: number }, baseCents: number): number {
  // PERCENT prices are kept as hundredths of a percent (10 % = 1000), as the catalogue shows them.
  return def.price_type === "PERCENT" ? divideRounded(baseCents * def.price_cents, 10_000) : def.price_cents;
}

/** The cart as the API shows it, priced at `now`. */
export async function priceCart(
  q: CartQueries,
  store: Store,
  cart: CartRow,
  now: number,
  reference: PricingReference = uncachedReference,
): Promise<{ view: Cart; totals: CartTotals }> {
  const locale = store.locale;
  const labels = LABELS[locale];
  const rows = await q.itemsForView(cart.id, locale, store.code);
  const productIds = [...new Set(rows.filter((r) => r.has_options).map((r) => r.product_id))];
  // One after another: q may be a transaction's single connection, which runs one query at a time
  // (pg refuses queued queries from its next major version on).
  const optionRows = productIds.length ? await q.customOptions(productIds) : ([] as CustomOptionRow[]);
  const rates = await reference.taxRates(q);
  const coupon = cart.coupon_code ? await q.coupon(cart.coupon_code) : undefined;
  const giftCard = cart.gift_card_code ? await q.giftCard(cart.gift_card_code) : undefined;
  const optionsOf = new Map<number, CustomOptionRow[]>();
  for (const o of optionRows) optionsOf.set(o.product_id, [...(optionsOf.get(o.product_id) ?? []), o]);
  const unitsOfVariant = new Map<number, number>();
  for (const r of rows) unitsOfVariant.set(r.variant_id, (unitsOfVariant.get(r.variant_id) ?? 0) + r.quantity);

  // Lines no longer sold (product switched off, no price in this store) are not shown or counted.
  const priced: { row: ItemViewRow; unitCents: number; custom: CartItemCustomizableOption[]; rateBp: number; facts: PriceFacts }[] = [];
  for (const row of rows) {
    // Date.parse keeps whole milliseconds, as reading the timestamp into a Date does.
    const periods = row.prices.map((p) => ({
      validFrom: Date.parse(p.valid_from),
      regularCents: p.regular_cents,
      finalCents: p.final_cents,
    }));
    const facts = priceFacts(periods, now);
    if (!row.enabled || !facts) continue;
    const base = row.type === "GiftCardProduct" && row.amount_cents !== null ? row.amount_cents : facts.finalCents;
    let unitCents = base;
    const custom: CartItemCustomizableOption[] = [];
    for (const def of optionsOf.get(row.product_id) ?? []) {
      const entered = row.options[def.uid];
      if (entered === undefined) continue;
      const title = text(def.titles, locale);
      if (def.type === "drop_down" || def.type === "checkbox") {
        const chosen = entered.split(",").flatMap((uid) => def.values.filter((v) => v.uid === uid));
        if (chosen.length === 0) continue;
        const values = chosen.map((v) => {
          const cents = optionCents(v, base);
          unitCents += cents;
          const label = text(v.titles, locale);
          return { uid: v.uid, label, value: label, price: money(cents, store), ...(v.gift_wrap ? { gift_wrap: true as const } : {}) };
        });
        custom.push({ uid: def.uid, label: title, type: def.type, sort_order: def.sort_order, values });
      } else {
        const cents = optionCents(def, base);
        unitCents += cents;
        const type = def.type === "field" ? "field" : "area";
        custom.push({
          uid: def.uid,
          label: title,
          type,
          sort_order: def.sort_order,
          values: [{ uid: def.uid, label: title, value: entered, price: money(cents, store) }],
        });
      }
    }
    const taxClass = row.type === "GiftCardProduct" ? "gift_card" : row.tax_class;
    const rateBp = rates.get(taxClass);
    if (rateBp === undefined) throw new Error(`No VAT rate for tax class "${taxClass}"`);
    priced.push({ row, unitCents, custom, rateBp, facts });
  }

  const lines: TotalsLine[] = priced.map((p) => ({
    id: p.row.id,
    unitCents: p.unitCents,
    quantity: p.row.quantity,
    taxRateBp: p.rateBp,
    discountable: p.row.type !== "GiftCardProduct",
  }));
  const plain = cartTotals(lines);
  let appliedCoupon: CouponRow | null = null;
  // Codes kept on the cart that no longer apply are shown with the reason, never silently dropped.
  const invalidCodes: InvalidCode[] = [];
  if (coupon) {
    const customerUses =
      cart.customer_id !== null && coupon.max_uses_per_customer !== null ? await q.customerCouponUses(coupon.code, cart.customer_id) : 0;
    const problem = couponProblem(coupon, {
      storeCode: store.code,
      now,
      discountableSubtotalCents: plain.discountableSubtotalCents,
      customerUses,
      currency: priceLabel(store),
    });
    if (!problem) appliedCoupon = coupon;
    else invalidCodes.push(invalidCode("coupon", coupon.code, problem, store));
  }
  const cardProblem = giftCard ? giftCardProblem(giftCard, { storeCode: store.code, now }) : null;
  const usableCard = giftCard && !cardProblem ? giftCard : null;
  if (giftCard && cardProblem) invalidCodes.push(invalidCode("gift_card", giftCard.code, cardProblem, store));
  const couponRule = appliedCoupon ? { kind: appliedCoupon.kind, value: appliedCoupon.value } : null;

  // Checkout: the shipping method still on offer, priced on the goods after discounts; the
  // business discount for a company with a valid VAT ID; the payment method still allowed.
  const isVirtual = priced.length > 0 && priced.every((p) => p.row.type === "GiftCardProduct" && p.row.gift_card_type !== "PHYSICAL");
  const billing = cart.billing_same_as_shipping ? cart.shipping_address : cart.billing_address;
  const business = Boolean(billing?.company && billing.vat_id && isValidVatId(billing.vat_id));
  const businessPercent = business ? BUSINESS_DISCOUNT_PERCENT : 0;
  const goods = cartTotals(lines, couponRule, 0, { businessPercent });
  const methods = shippingMethodsFor(isVirtual);
  const threshold = store.config.free_shipping_threshold_cents;
  const selectedRule = methods.find((m) => m.method_code === cart.shipping_method) ?? null;
  const shipping = selectedRule ? shippingCents(selectedRule, goods.subtotalAfterDiscountCents, threshold) : 0;
  const totals = cartTotals(lines, couponRule, usableCard?.balance_cents ?? 0, {
    businessPercent,
    shippingCents: shipping,
    shippingTaxRateBp: rates.get("standard") ?? 0,
  });
  const discountLabel = [
    appliedCoupon ? `${labels.discount} (${appliedCoupon.code})` : "",
    business ? labels.business(BUSINESS_DISCOUNT_PERCENT) : "",
  ]
    .filter(Boolean)
    .join(", ");
  const pickupStores = methods.some((m) => m.needsStore) ? await reference.pickupStores(q) : [];
  const pointRow =
    selectedRule?.needsPickupPoint && cart.pickup_point_id !== null
      ? (await reference.pickupPoints(q)).find((p) => p.id === cart.pickup_point_id)
      : undefined;
  const pickupPoint = pointRow ? pickupPointView(pointRow, locale) : null;
  const methodView = (rule: ShippingMethodRule): ShippingMethod => ({
    carrier_code: rule.carrier_code,
    method_code: rule.method_code,
    method_title: rule.title[locale],
    amount: money(shippingCents(rule, goods.subtotalAfterDiscountCents, threshold), store),
    ...(rule.needsStore ? { pickup_stores: pickupStores } : {}),
  });
  const paymentCodes = priced.length
    ? paymentMethodsFor(totals.grandTotalCents, store.config.invoice_minimum_cents, reference.cardPayments ?? true)
    : [];
  // Nothing left to pay (a gift card covers it all): "free" is the method, whatever was chosen before.
  const payment =
    paymentCodes.length === 1 && paymentCodes[0] === "free" ? "free" : (paymentCodes.find((code) => code === cart.payment_method) ?? null);
  const address = cart.shipping_address as (Address & { email: string }) | null;
  const billingAddress = (billing as Address | null) ?? null;

  const items: CartItem[] = priced.map((p, i) => {
    const { row } = p;
    const line = totals.lines[i];
    if (!line) throw new Error("cart totals lost a line");
    const typename: ProductTypename = row.type;
    const configurable = row.type === "ConfigurableProduct";
    const attributes = configurable
      ? (
          [
            ["color", row.color],
            ["size", row.size],
          ] as const
        ).flatMap(([code, value]) =>
          value
            ? [
                {
                  uid: attributeUid(code),
                  option_label: labels[code],
                  value_uid: value.uid,
                  id: value.id,
                  value_label: text(value.labels, locale),
                },
              ]
            : [],
        )
      : [];
    const giftCardItem = row.type === "GiftCardProduct";
    const inStock = row.stock === null || row.stock > 0;
    return {
      id: row.id,
      __typename: configurable ? "ConfigurableCartItem" : giftCardItem ? "GiftCardCartItem" : "SimpleCartItem",
      quantity: row.quantity,
      version: row.version,
      max_quantity:
        row.stock === null
          ? MAX_CART_QUANTITY
          : Math.max(0, Math.min(MAX_CART_QUANTITY, row.stock - ((unitsOfVariant.get(row.variant_id) ?? 0) - row.quantity))),
      product: {
        sku: row.product_sku,
        name: row.name ?? row.product_sku,
        url_key: row.url_key ?? "",
        image: row.image ? { url: `/img/p/${row.image.key}`, label: text(row.image.labels, locale) } : { url: "", label: "" },
        brand_value: row.brand,
        __typename: typename,
      },
      configurable_options: attributes,
      // Spec §3: the chosen variant with its own price range (its price now, before custom options).
      configured_variant: configurable ? { sku: row.variant_sku, price_range: variantPriceRange(p.facts, store) } : null,
      customizable_options: p.custom.sort((a, b) => a.sort_order - b.sort_order),
      giftcard_amount: giftCardItem ? money(p.unitCents, store) : null,
      sender_name: row.sender_name,
      sender_email: row.sender_email,
      recipient_name: row.recipient_name,
      recipient_email: row.recipient_email,
      message: row.message,
      stock_status: inStock ? "IN_STOCK" : "OUT_OF_STOCK",
      is_available: row.stock === null || (unitsOfVariant.get(row.variant_id) ?? 0) <= row.stock,
      prices: {
        price_including_tax: money(line.unitCents, store),
        row_total_including_tax: money(line.rowTotalCents, store),
        total_item_discount: money(line.discountCents, store),
        discounts: line.discountCents > 0 ? [{ label: discountLabel, amount: money(line.discountCents, store) }] : [],
        row_tax: money(line.taxCents, store),
        analytics_unit_price: money(line.analyticsUnitPriceCents, store),
      },
    };
  });

  const view: Cart = {
    id: cart.id,
    total_quantity: totals.totalQuantity,
    is_virtual: isVirtual,
    items,
    prices: {
      subtotal_including_tax: money(totals.subtotalCents, store),
      subtotal_with_discount_including_tax: money(totals.subtotalAfterDiscountCents, store),
      discounts: totals.discountCents > 0 ? [{ label: discountLabel, amount: money(totals.discountCents, store) }] : [],
      shipping_including_tax: money(totals.shippingCents, store),
      gift_card: usableCard ? money(totals.giftCardCents, store) : null,
      grand_total: money(totals.grandTotalCents, store),
      applied_taxes: totals.taxes.map((t) => {
        const rate = t.rateBp / 100;
        return { label: labels.vat(String(rate)), rate, amount: money(t.taxCents, store) };
      }),
      total_tax: money(totals.totalTaxCents, store),
    },
    applied_coupons: appliedCoupon ? [{ code: appliedCoupon.code }] : [],
    invalid_codes: invalidCodes,
    applied_gift_card: usableCard
      ? {
          code: usableCard.code,
          current_balance: money(usableCard.balance_cents, store),
          applied_balance: money(totals.giftCardCents, store),
          expires_at: usableCard.expires_at ? new Date(usableCard.expires_at).toISOString() : null,
        }
      : null,
    order_comment: cart.order_comment,
    loyalty_card_number: cart.loyalty_card_number,
    finnair_plus_number: cart.finnair_plus_number,
    email: address?.email ?? null,
    shipping_addresses: address
      ? [
          {
            ...address,
            selected_shipping_method: selectedRule ? methodView(selectedRule) : null,
            pickup_store: cart.pickup_store,
            pickup_point: pickupPoint,
          },
        ]
      : [],
    available_shipping_methods: priced.length ? methods.map(methodView) : [],
    billing_address: billingAddress,
    billing_same_as_shipping: cart.billing_same_as_shipping,
    selected_payment_method: payment ? { code: payment, title: PAYMENT_TITLES[payment][locale] } : null,
    available_payment_methods: paymentCodes.map((code) => ({ code, title: PAYMENT_TITLES[code][locale] })),
    can_place_order:
      priced.length > 0 &&
      invalidCodes.length === 0 &&
      !(selectedRule?.needsPickupPoint && !pickupPoint) &&
      canPlaceOrder({ shipping_method: selectedRule?.method_code ?? null, payment_method: payment, billing_address: billingAddress }),
  };
  return { view, totals };
}
