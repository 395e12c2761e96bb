// The cart (spec §3, §4, §7, §8): guest carts by a random id, lines of products as
// configured, coupon, gift card, order comment, Finnair Plus and loyalty card numbers.
// Prices are always computed here from the current price history; every write is one
// transaction on the locked cart row, and every cart is checked against its store, its
// state and its owner before anything is read or written.
import { createHash, randomBytes } from "node:crypto";
import {
  type AddToCartErrorCode,
  type Cart,
  type CartItem,
  type CartItemCustomizableOption,
  type CartItemInput,
  type InvalidCode,
  GUEST_CART_SECONDS,
  type ShippingMethod,
  MAX_CART_QUANTITY,
  MAX_ORDER_COMMENT,
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
import { priceFacts } from "../../lib/price-history.ts";
import { email, maxLength, type Problem, required } from "../../lib/validation.ts";
import type { Store } from "../catalog/service.ts";
import { errorMessage } from "../../lib/errors/format.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { AppError } from "../errors.ts";
import type {
  CartQueries,
  CartRepository,
  CartRow,
  CouponRow,
  CustomOptionRow,
  GiftCardRow,
  ItemViewRow,
  NewItem,
  ProductForCart,
  VariantForCart,
} from "./repository.ts";

/** Who asks: a guest (customerId null) or, once accounts exist, a logged-in customer. */
export interface CartOwner {
  customerId: number | null;
}

export const GUEST: CartOwner = { customerId: null };

/** Lines one cart may hold: a guard against abuse, far above any real basket. */
export const MAX_CART_LINES = 100;
/** Longest text entered in a custom option without its own max_characters. */
const MAX_OPTION_TEXT = 255;
const GIFT_CARD_TEXT = 100;
const GIFT_CARD_MESSAGE = 500;

const CART_ID = /^[A-Za-z0-9_-]{43}$/;
/** 32 random bytes (256 bits), base64url: the guest's only key to the cart. */
export const newCartId = () => randomBytes(32).toString("base64url");
export const isCartId = (id: string) => CART_ID.test(id);

/**
 * Finnair Plus membership numbers: our decision, the spec is silent — 9 digits, written with
 * or without the "AY" airline prefix and spaces (stored as the 9 digits).
 */
export function normalizeFinnairPlus(input: string): string | null {
  const compact = input.replace(/\s+/g, "").replace(/^AY/i, "");
  return /^\d{9}$/.test(compact) ? compact : null;
}

/** Loyalty card numbers (our decision): 6 to 20 digits, spaces ignored. */
export function normalizeLoyaltyCard(input: string): string | null {
  const compact = input.replace(/\s+/g, "");
  return /^\d{6,20}$/.test(compact) ? compact : null;
}

/** Coupon and gift-card codes are case-insensitive and stored upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export const cartNotFound = () => new AppError(404, "cart_not_found");
const itemNotFound = () => new AppError(404, "item_not_found", { field: "cart_item_id" });

/** Spec §8 add-to-cart errors: the code the UI maps by. */
export function addToCartError(code: AddToCartErrorCode, field?: string): AppError {
  const status = code === "sku" ? 404 : 400;
  return new AppError(status, code, { field });
}

function invalid(field: string, problem: Problem): AppError {
  return new AppError(400, "invalid_input", { params: inputProblem(problem), field });
}

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

/** What a line is, once its sku and options are resolved against the catalogue. */
interface ResolvedItem extends Omit<NewItem, "cartId" | "variantId" | "quantity"> {
  product: ProductForCart;
  variant: VariantForCart;
}

function optionsHash(parts: Omit<ResolvedItem, "product" | "variant" | "optionsHash">): string {
  const canonical = JSON.stringify([
    Object.entries(parts.options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    parts.amountCents,
    parts.senderName,
    parts.senderEmail,
    parts.recipientName,
    parts.recipientEmail,
    parts.message,
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}

/** Why a coupon does not apply to a cart now, or null when it does. */
export function couponProblem(
  coupon: CouponRow,
  context: { storeCode: string; now: number; discountableSubtotalCents: number; customerUses: number; currency: PriceLabel },
): AppError | null {
  if (coupon.store_code !== null && coupon.store_code !== context.storeCode) return couponNotFound(coupon.code);
  if (coupon.valid_from && new Date(coupon.valid_from).getTime() > context.now)
    return new AppError(400, "coupon_not_started", { params: { code: coupon.code }, field: "code" });
  if (coupon.valid_to && new Date(coupon.valid_to).getTime() <= context.now)
    return new AppError(400, "coupon_expired", { params: { code: coupon.code }, field: "code" });
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses)
    return new AppError(400, "coupon_used_up", { params: { code: coupon.code }, field: "code" });
  if (coupon.max_uses_per_customer !== null && context.customerUses >= coupon.max_uses_per_customer)
    return new AppError(400, "coupon_customer_limit", { params: { code: coupon.code }, field: "code" });
  if (context.discountableSubtotalCents <= 0)
    return new AppError(400, "coupon_not_applicable", { params: { code: coupon.code }, field: "code" });
  if (context.discountableSubtotalCents < coupon.min_subtotal_cents)
    return new AppError(400, "coupon_min_subtotal", {
      params: { code: coupon.code, minimum: toAmount(coupon.min_subtotal_cents) },
      field: "code",
    });
  return null;
}

const couponNotFound = (code: string) => new AppError(404, "coupon_not_found", { params: { code }, field: "code" });

/** Why a gift card cannot pay for a cart now, or null when it can. */
export function giftCardProblem(card: GiftCardRow, context: { storeCode: string; now: number }): AppError | null {
  if (card.store_code !== null && card.store_code !== context.storeCode)
    return new AppError(404, "giftcard_not_found", { params: { code: card.code }, field: "code" });
  if (card.expires_at && new Date(card.expires_at).getTime() <= context.now)
    return new AppError(400, "giftcard_expired", { field: "code" });
  if (card.balance_cents <= 0) return new AppError(400, "giftcard_empty", { field: "code" });
  return null;
}

/** A code kept on the cart that no longer applies, with its reason worded in the store's language. */
function invalidCode(type: InvalidCode["type"], code: string, problem: AppError, store: Store): InvalidCode {
  const price = { symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency };
  return { type, code, reason: problem.code, params: problem.params, message: errorMessage(problem, store.locale, price) };
}

interface PriceLabel {
  symbol: string;
  leftSide: boolean;
}

export function createCartService(repo: CartRepository, clock: () => number = Date.now) {
  const guestExpiry = (now: number) => new Date(now + GUEST_CART_SECONDS * 1000);

  /** The cart if it is active, not expired, of this store and the asker's; else 404 — never someone else's cart. */
  async function owned(q: CartQueries, store: Store, id: string, owner: CartOwner, lock: boolean): Promise<CartRow> {
    if (!isCartId(id)) throw cartNotFound();
    const cart = lock ? await q.lockCart(id) : await q.cart(id);
    if (!cart) throw cartNotFound();
    const expired = cart.expires_at !== null && new Date(cart.expires_at).getTime() <= clock();
    const othersCart = cart.customer_id !== null && cart.customer_id !== owner.customerId;
    if (cart.store_code !== store.code || cart.status !== "active" || expired || othersCart) throw cartNotFound();
    return cart;
  }

  function assertShopping(store: Store) {
    if (store.config.disable_shopping.includes(store.code)) throw new AppError(403, "shopping_disabled");
  }

  const money = (cents: number, store: Store): Money => ({ value: toAmount(cents), currency: store.config.base_currency_code });
  const priceLabel = (store: Store): PriceLabel => ({ symbol: store.config.base_currency_symbol, leftSide: store.leftSideCurrency });

  function optionCents(def: { price_type: string; price_cents: number }, baseCents: number): number {
    // PERCENT prices are kept as hundredths of a percent (10 % = 1000), as the catalogue shows them.
    return def.price_type === "PERCENT" ? divideRounded(baseCents * def.price_cents, 10_000) : def.price_cents;
  }

  /** The cart as the API shows it, priced now. */
  async function build(q: CartQueries, store: Store, cart: CartRow): Promise<{ view: Cart; totals: CartTotals }> {
    const now = clock();
    const locale = store.locale;
    const labels = LABELS[locale];
    const rows = await q.itemsForView(cart.id, locale);
    const variantIds = [...new Set(rows.map((r) => r.variant_id))];
    const productIds = [...new Set(rows.map((r) => r.product_id))];
    // One after another: q may be a transaction's single connection, which runs one query at a time
    // (pg refuses queued queries from its next major version on).
    const periods = variantIds.length ? await q.pricePeriods(variantIds, store.code) : new Map();
    const optionRows = productIds.length ? await q.customOptions(productIds) : ([] as CustomOptionRow[]);
    const rates = await q.taxRates();
    const coupon = cart.coupon_code ? await q.coupon(cart.coupon_code) : undefined;
    const giftCard = cart.gift_card_code ? await q.giftCard(cart.gift_card_code) : undefined;
    const optionsOf = new Map<number, CustomOptionRow[]>();
    for (const o of optionRows) optionsOf.set(o.product_id, [...(optionsOf.get(o.product_id) ?? []), o]);
    const unitsOfVariant = new Map<number, number>();
    for (const r of rows) unitsOfVariant.set(r.variant_id, (unitsOfVariant.get(r.variant_id) ?? 0) + r.quantity);

    // Lines no longer sold (product switched off, no price in this store) are not shown or counted.
    const priced: { row: ItemViewRow; unitCents: number; custom: CartItemCustomizableOption[]; rateBp: number }[] = [];
    for (const row of rows) {
      const facts = priceFacts(periods.get(row.variant_id) ?? [], now);
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
            return { uid: v.uid, label, value: label, price: money(cents, store) };
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
      priced.push({ row, unitCents, custom, rateBp });
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
    const pickupStores = methods.some((m) => m.needsStore) ? await q.pickupStores() : [];
    const methodView = (rule: ShippingMethodRule): ShippingMethod => ({
      carrier_code: rule.carrier_code,
      method_code: rule.method_code,
      method_title: rule.title[locale],
      amount: money(shippingCents(rule, goods.subtotalAfterDiscountCents, threshold), store),
      ...(rule.needsStore ? { pickup_stores: pickupStores } : {}),
    });
    const paymentCodes = priced.length ? paymentMethodsFor(totals.grandTotalCents, store.config.invoice_minimum_cents) : [];
    // Nothing left to pay (a gift card covers it all): "free" is the method, whatever was chosen before.
    const payment =
      paymentCodes.length === 1 && paymentCodes[0] === "free"
        ? "free"
        : (paymentCodes.find((code) => code === cart.payment_method) ?? null);
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
        product: {
          sku: row.product_sku,
          name: row.name ?? row.product_sku,
          url_key: row.url_key ?? "",
          image: row.image ? { url: `/img/p/${row.image.key}`, label: text(row.image.labels, locale) } : { url: "", label: "" },
          brand_value: row.brand,
          __typename: typename,
        },
        configurable_options: attributes,
        configured_variant: configurable ? { sku: row.variant_sku } : null,
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
        ? [{ ...address, selected_shipping_method: selectedRule ? methodView(selectedRule) : null, pickup_store: cart.pickup_store }]
        : [],
      available_shipping_methods: priced.length ? methods.map(methodView) : [],
      billing_address: billingAddress,
      billing_same_as_shipping: cart.billing_same_as_shipping,
      selected_payment_method: payment ? { code: payment, title: PAYMENT_TITLES[payment][locale] } : null,
      available_payment_methods: paymentCodes.map((code) => ({ code, title: PAYMENT_TITLES[code][locale] })),
      can_place_order:
        priced.length > 0 &&
        invalidCodes.length === 0 &&
        canPlaceOrder({ shipping_method: selectedRule?.method_code ?? null, payment_method: payment, billing_address: billingAddress }),
    };
    return { view, totals };
  }

  /**
   * One write: lock the cart, change it, record the change, and answer the cart as it now
   * is — all in one transaction. A coupon the change made inapplicable stays, shown in
   * invalid_codes with the reason, until the shopper removes it.
   */
  async function write(store: Store, id: string, owner: CartOwner, change: (q: CartQueries, cart: CartRow) => Promise<void>) {
    return repo.transaction(async (q) => {
      const cart = await owned(q, store, id, owner, true);
      await change(q, cart);
      const now = clock();
      await q.touchCart(cart.id, new Date(now), guestExpiry(now));
      const fresh = await q.cart(cart.id);
      if (!fresh) throw cartNotFound();
      return (await build(q, store, fresh)).view;
    });
  }

  /** Resolves what a shopper asked to add to one variant in one configuration (spec §8 errors). */
  async function resolve(q: CartQueries, input: CartItemInput, field: string): Promise<ResolvedItem> {
    const selected = [...new Set(input.selected_options ?? [])];
    let product = await q.productBySku(input.sku);
    let variant: VariantForCart | undefined;
    if (product) {
      if (!product.enabled) throw addToCartError("sku", `${field}.sku`);
      const variants = await q.variantsOf(product.id);
      if (product.type === "ConfigurableProduct") {
        const colors = new Set(variants.map((v) => v.color_uid).filter((u): u is string => u !== null));
        const sizes = new Set(variants.map((v) => v.size_uid).filter((u): u is string => u !== null));
        const unknown = selected.filter((uid) => !colors.has(uid) && !sizes.has(uid));
        const color = selected.filter((uid) => colors.has(uid));
        const size = selected.filter((uid) => sizes.has(uid));
        if (unknown.length || color.length > 1 || size.length > 1) throw addToCartError("generic", `${field}.selected_options`);
        if ((colors.size > 0 && color.length === 0) || (sizes.size > 0 && size.length === 0))
          throw addToCartError("allOptions", `${field}.selected_options`);
        variant = variants.find((v) => (colors.size === 0 || v.color_uid === color[0]) && (sizes.size === 0 || v.size_uid === size[0]));
        if (!variant) throw addToCartError("sku", `${field}.selected_options`);
      } else {
        if (selected.length) throw addToCartError("generic", `${field}.selected_options`);
        variant = variants[0];
      }
    } else {
      // A variant's own sku (e.g. from a wishlist): fully chosen already.
      const found = await q.variantBySku(input.sku);
      if (!found || !found.product.enabled) throw addToCartError("sku", `${field}.sku`);
      const own = new Set([found.color_uid, found.size_uid].filter((u): u is string => u !== null));
      if (selected.some((uid) => !own.has(uid))) throw addToCartError("generic", `${field}.selected_options`);
      product = found.product;
      variant = found;
    }
    if (!variant) throw addToCartError("sku", `${field}.sku`);

    // Gift cards: an amount of the product's own, and the card's texts (spec §5 rules).
    let amountCents: number | null = null;
    let card: Pick<ResolvedItem, "senderName" | "senderEmail" | "recipientName" | "recipientEmail" | "message"> = {
      senderName: null,
      senderEmail: null,
      recipientName: null,
      recipientEmail: null,
      message: null,
    };
    if (product.type === "GiftCardProduct") {
      const input_ = input.gift_card;
      if (!input_) throw addToCartError("allOptions", `${field}.gift_card`);
      const amount = (await q.giftCardAmounts(product.id)).find((a) => a.uid === input_.amount_uid);
      if (!amount) throw addToCartError("generic", `${field}.gift_card.amount_uid`);
      amountCents = amount.amount_cents;
      const checks: [keyof typeof input_, Problem | null][] = [
        ["sender_name", required(input_.sender_name) ?? maxLength(GIFT_CARD_TEXT)(input_.sender_name)],
        ["sender_email", email(input_.sender_email)],
        ["recipient_name", required(input_.recipient_name) ?? maxLength(GIFT_CARD_TEXT)(input_.recipient_name)],
        ["recipient_email", email(input_.recipient_email)],
        ["message", maxLength(GIFT_CARD_MESSAGE)(input_.message ?? "")],
      ];
      for (const [name, problem] of checks) if (problem) throw invalid(`${field}.gift_card.${name}`, problem);
      const message = input_.message?.trim() ?? "";
      card = {
        senderName: input_.sender_name.trim(),
        senderEmail: input_.sender_email.trim(),
        recipientName: input_.recipient_name.trim(),
        recipientEmail: input_.recipient_email.trim(),
        message: message === "" ? null : message,
      };
    } else if (input.gift_card) {
      throw addToCartError("generic", `${field}.gift_card`);
    }

    // Custom options: only the product's own, values it offers, texts within their limit.
    const defs = await q.customOptions([product.id]);
    const options: Record<string, string> = {};
    for (const [uid, raw] of Object.entries(input.custom_options ?? {})) {
      const def = defs.find((d) => d.uid === uid);
      if (!def) throw addToCartError("generic", `${field}.custom_options.${uid}`);
      const value = raw.trim();
      if (value === "") continue;
      if (def.type === "drop_down" || def.type === "checkbox") {
        const chosen = [...new Set(value.split(",").map((s) => s.trim()))].sort();
        if ((def.type === "drop_down" && chosen.length !== 1) || chosen.some((c) => !def.values.some((v) => v.uid === c)))
          throw addToCartError("generic", `${field}.custom_options.${uid}`);
        options[uid] = chosen.join(",");
      } else {
        const problem = maxLength(def.max_characters ?? MAX_OPTION_TEXT)(value);
        if (problem) throw invalid(`${field}.custom_options.${uid}`, problem);
        options[uid] = value;
      }
    }
    const missing = defs.find((d) => d.required && options[d.uid] === undefined);
    if (missing) throw addToCartError("allOptions", `${field}.custom_options.${missing.uid}`);

    const parts = { amountCents, ...card, options };
    return { product, variant, ...parts, optionsHash: optionsHash(parts) };
  }

  /** Adds one resolved line (or raises the quantity of the same configured line), within stock. */
  async function addLine(q: CartQueries, store: Store, cart: CartRow, input: CartItemInput, field: string) {
    const item = await resolve(q, input, field);
    const periods = await q.pricePeriods([item.variant.id], store.code);
    if (!priceFacts(periods.get(item.variant.id) ?? [], clock())) throw addToCartError("sku", `${field}.sku`);
    const existing = await q.findLine(cart.id, item.variant.id, item.optionsHash);
    const lineQuantity = (existing?.quantity ?? 0) + input.quantity;
    if (lineQuantity > MAX_CART_QUANTITY) throw addToCartError("qty", `${field}.quantity`);
    if (item.variant.stock !== null) {
      const units = (await q.variantQuantity(cart.id, item.variant.id)) + input.quantity;
      if (units > item.variant.stock) throw addToCartError("qty", `${field}.quantity`);
    }
    const now = new Date(clock());
    if (existing) {
      await q.setQuantity(existing.id, lineQuantity, now);
      return;
    }
    if ((await q.items(cart.id)).length >= MAX_CART_LINES)
      throw new AppError(400, "cart_full", { params: { maxLines: MAX_CART_LINES }, field: `${field}.sku` });
    await q.insertItem(
      {
        cartId: cart.id,
        variantId: item.variant.id,
        quantity: input.quantity,
        amountCents: item.amountCents,
        senderName: item.senderName,
        senderEmail: item.senderEmail,
        recipientName: item.recipientName,
        recipientEmail: item.recipientEmail,
        message: item.message,
        options: item.options,
        optionsHash: item.optionsHash,
      },
      now,
    );
  }

  function assertQuantity(quantity: number, field: string) {
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CART_QUANTITY)
      throw new AppError(400, "invalid_input", { params: { rule: "wholeNumber", min: 1, max: MAX_CART_QUANTITY }, field });
  }

  return {
    /**
     * For checkout (server/checkout): a write to the cart's checkout fields, with the cart
     * locked and answered as it then is; and the cart priced inside a transaction of its own.
     */
    writeCart: write,
    price: build,
    ownedCart: owned,
    assertShopping,

    /** A new, empty guest cart; its id is the guest's key to it (spec §7 createEmptyCart). */
    async createEmptyCart(store: Store): Promise<string> {
      assertShopping(store);
      const id = newCartId();
      const now = clock();
      await repo.insertCart(id, store.code, new Date(now), guestExpiry(now));
      return id;
    },

    /** The cart, priced now; 404 for an unknown, expired, ordered, other store's or other customer's cart. */
    async getCart(store: Store, id: string, owner: CartOwner = GUEST): Promise<Cart> {
      const cart = await owned(repo, store, id, owner, false);
      return (await build(repo, store, cart)).view;
    },

    /** Adds one product (spec §7 POST /api/cart/). */
    async addItem(store: Store, id: string, input: CartItemInput, owner: CartOwner = GUEST): Promise<Cart> {
      assertShopping(store);
      assertQuantity(input.quantity, "quantity");
      return write(store, id, owner, (q, cart) => addLine(q, store, cart, input, "product"));
    },

    /** Adds several products: all of them or, on the first refusal, none (spec §7 addProductsToCart). */
    async addItems(store: Store, id: string, inputs: CartItemInput[], owner: CartOwner = GUEST): Promise<Cart> {
      assertShopping(store);
      inputs.forEach((input, i) => {
        assertQuantity(input.quantity, `cartItems.${i}.quantity`);
      });
      return write(store, id, owner, async (q, cart) => {
        for (const [i, input] of inputs.entries()) await addLine(q, store, cart, input, `cartItems.${i}`);
      });
    },

    /** Sets a line's quantity, within stock (spec §7 POST /api/cart/update). */
    async updateQuantity(store: Store, id: string, itemId: number, quantity: number, owner: CartOwner = GUEST): Promise<Cart> {
      assertQuantity(quantity, "quantity");
      return write(store, id, owner, async (q, cart) => {
        const item = await q.item(cart.id, itemId);
        if (!item) throw itemNotFound();
        const variant = await q.variantById(item.variant_id);
        if (variant?.stock !== null && variant?.stock !== undefined) {
          const others = (await q.variantQuantity(cart.id, item.variant_id)) - item.quantity;
          if (others + quantity > variant.stock) throw addToCartError("qty", "quantity");
        }
        await q.setQuantity(item.id, quantity, new Date(clock()));
      });
    },

    /** Removes a line (spec §7 DELETE /api/cart/{itemId}). */
    async removeItem(store: Store, id: string, itemId: number, owner: CartOwner = GUEST): Promise<Cart> {
      return write(store, id, owner, async (q, cart) => {
        const item = await q.item(cart.id, itemId);
        if (!item) throw itemNotFound();
        await q.deleteItem(item.id);
      });
    },

    /** Applies a coupon code (one per cart; a new one replaces the old), or says why it does not apply. */
    async applyCoupon(store: Store, id: string, rawCode: string, owner: CartOwner = GUEST): Promise<Cart> {
      const code = normalizeCode(rawCode);
      return write(store, id, owner, async (q, cart) => {
        const coupon = await q.coupon(code);
        if (!coupon) throw couponNotFound(code);
        const { totals } = await build(q, store, { ...cart, coupon_code: null });
        const customerUses =
          cart.customer_id !== null && coupon.max_uses_per_customer !== null ? await q.customerCouponUses(code, cart.customer_id) : 0;
        const problem = couponProblem(coupon, {
          storeCode: store.code,
          now: clock(),
          discountableSubtotalCents: totals.discountableSubtotalCents,
          customerUses,
          currency: priceLabel(store),
        });
        if (problem) throw problem;
        await q.updateCart(cart.id, { coupon_code: code });
      });
    },

    async removeCoupon(store: Store, id: string, owner: CartOwner = GUEST): Promise<Cart> {
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { coupon_code: null }));
    },

    /** Applies a gift card (its balance pays part of the total; it is debited when the order is placed). */
    async applyGiftCard(store: Store, id: string, rawCode: string, owner: CartOwner = GUEST): Promise<Cart> {
      const code = normalizeCode(rawCode);
      return write(store, id, owner, async (q, cart) => {
        const card = await q.giftCard(code);
        if (!card) throw new AppError(404, "giftcard_not_found", { params: { code }, field: "code" });
        const problem = giftCardProblem(card, { storeCode: store.code, now: clock() });
        if (problem) throw problem;
        await q.updateCart(cart.id, { gift_card_code: code, gift_card_balance_cents: card.balance_cents });
      });
    },

    async removeGiftCard(store: Store, id: string, owner: CartOwner = GUEST): Promise<Cart> {
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { gift_card_code: null, gift_card_balance_cents: null }));
    },

    /** The order comment (at most 500 characters); an empty one removes it. */
    async setOrderComment(store: Store, id: string, comment: string, owner: CartOwner = GUEST): Promise<Cart> {
      const trimmed = comment.trim();
      if (trimmed.length > MAX_ORDER_COMMENT)
        throw new AppError(400, "invalid_input", { params: { rule: "maxLength", maxLength: MAX_ORDER_COMMENT }, field: "comment" });
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { order_comment: trimmed === "" ? null : trimmed }));
    },

    async setFinnairPlusNumber(store: Store, id: string, number: string, owner: CartOwner = GUEST): Promise<Cart> {
      const normalized = normalizeFinnairPlus(number);
      if (!normalized) throw new AppError(400, "invalid_input", { params: { rule: "finnairPlus" }, field: "number" });
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { finnair_plus_number: normalized }));
    },

    async removeFinnairPlusNumber(store: Store, id: string, owner: CartOwner = GUEST): Promise<Cart> {
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { finnair_plus_number: null }));
    },

    /** The loyalty card number; null removes it. */
    async setLoyaltyCardNumber(store: Store, id: string, number: string | null, owner: CartOwner = GUEST): Promise<Cart> {
      const normalized = number === null ? null : normalizeLoyaltyCard(number);
      if (number !== null && !normalized) throw new AppError(400, "invalid_input", { params: { rule: "loyaltyCard" }, field: "number" });
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { loyalty_card_number: normalized }));
    },

    /**
     * Moves the source cart's lines into the destination cart and deletes the source (spec §4
     * login: the guest cart merges into the customer cart). Lines of the same configured
     * product add up, to at most the stock and 99; what does not fit is left out. The
     * destination keeps its coupon, gift card, comment and numbers, and takes the source's
     * where it has none. Both carts must be the caller's: for now the caller proves it by
     * presenting both ids; with accounts the destination will be the customer's own cart.
     */
    async mergeCarts(store: Store, sourceId: string, destinationId: string, owner: CartOwner = GUEST): Promise<Cart> {
      if (sourceId === destinationId) throw new AppError(400, "invalid_input", { params: { rule: "sameCart" }, field: "source_cart_id" });
      return repo.transaction(async (q) => {
        // Lock both carts in one order, so two merges of the same pair cannot deadlock.
        const [a, b] = [sourceId, destinationId].sort();
        const locked = new Map<string, CartRow>();
        for (const cartId of [a, b]) if (cartId) locked.set(cartId, await owned(q, store, cartId, owner, true));
        const source = locked.get(sourceId);
        const destination = locked.get(destinationId);
        if (!source || !destination) throw cartNotFound();

        const now = new Date(clock());
        const stocks = await q.stocks((await q.items(source.id)).map((i) => i.variant_id));
        for (const item of await q.items(source.id)) {
          const stock = stocks.get(item.variant_id) ?? null;
          const existing = await q.findLine(destination.id, item.variant_id, item.options_hash);
          const room = stock === null ? Number.POSITIVE_INFINITY : stock - (await q.variantQuantity(destination.id, item.variant_id));
          const add = Math.min(item.quantity, room, MAX_CART_QUANTITY - (existing?.quantity ?? 0));
          if (add <= 0) continue;
          if (existing) {
            await q.setQuantity(existing.id, existing.quantity + add, now);
          } else {
            await q.insertItem(
              {
                cartId: destination.id,
                variantId: item.variant_id,
                quantity: add,
                amountCents: item.amount_cents,
                senderName: item.sender_name,
                senderEmail: item.sender_email,
                recipientName: item.recipient_name,
                recipientEmail: item.recipient_email,
                message: item.message,
                options: item.options,
                optionsHash: item.options_hash,
              },
              now,
            );
          }
        }
        await q.updateCart(destination.id, {
          coupon_code: destination.coupon_code ?? source.coupon_code,
          gift_card_code: destination.gift_card_code ?? source.gift_card_code,
          gift_card_balance_cents: destination.gift_card_code ? destination.gift_card_balance_cents : source.gift_card_balance_cents,
          order_comment: destination.order_comment ?? source.order_comment,
          loyalty_card_number: destination.loyalty_card_number ?? source.loyalty_card_number,
          finnair_plus_number: destination.finnair_plus_number ?? source.finnair_plus_number,
        });
        await q.deleteCart(source.id);
        await q.touchCart(destination.id, now, guestExpiry(now.getTime()));
        const fresh = await q.cart(destination.id);
        if (!fresh) throw cartNotFound();
        return (await build(q, store, fresh)).view;
      });
    },

    /** Deletes guest carts past their expiry, in batches of `batch` (short transactions); returns how many went. */
    async deleteExpiredCarts(batch = 1000): Promise<number> {
      let total = 0;
      for (;;) {
        const deleted = await repo.deleteExpired(new Date(clock()), batch);
        total += deleted;
        if (deleted < batch) return total;
      }
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
