// What is added to a cart (spec §5, §8): a sku, its chosen options, a gift card's amount and
// texts and the custom options resolved against the catalogue into one configured line, and
// the quantity and stock checks that line must pass.
import { createHash } from "node:crypto";
import { type AddToCartErrorCode, type CartItemInput, MAX_CART_QUANTITY } from "../../lib/cart-types.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import { giftCardOptionProblem, giftCardOptions } from "../../lib/gift-card-options.ts";
import { priceFacts } from "../../lib/price-history.ts";
import { maxLength, type Problem } from "../../lib/validation.ts";
import type { Store } from "../catalog/service.ts";
import { AppError } from "../errors.ts";
import type { CartQueries, CartRow, NewItem, ProductForCart, VariantForCart } from "./repository.ts";

/** Lines one cart may hold: a guard against abuse, far above any real basket. */
export const MAX_CART_LINES = 100;
/** Longest text entered in a custom option without its own max_characters. */
const MAX_OPTION_TEXT = 255;

/** Spec §8 add-to-cart errors: the code the UI maps by. */
export function addToCartError(code: AddToCartErrorCode, field?: string): AppError {
  const status = code === "sku" ? 404 : 400;
  return new AppError(status, code, { field });
}

function invalid(field: string, problem: Problem): AppError {
  return new AppError(400, "invalid_input", { params: inputProblem(problem), field });
}

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
    if (!found?.product.enabled) throw addToCartError("sku", `${field}.sku`);
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
    // The rules the product's gift_card_options state (lib/gift-card-options.ts), as the product page checks them.
    for (const option of giftCardOptions("en")) {
      const problem = giftCardOptionProblem(option, input_[option.code] ?? "");
      if (problem) throw invalid(`${field}.gift_card.${option.code}`, problem);
    }
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
export async function addLine(q: CartQueries, store: Store, cart: CartRow, input: CartItemInput, field: string, clock: () => number) {
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

export function assertQuantity(quantity: number, field: string) {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CART_QUANTITY)
    throw new AppError(400, "invalid_input", { params: { rule: "wholeNumber", min: 1, max: MAX_CART_QUANTITY }, field });
}
