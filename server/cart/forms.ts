// The cart's plain HTML forms (the product page's "Add to cart" and the cart page's
// quantity, remove and code forms posted without JavaScript): the same cart service the
// /api/cart endpoints call, the same guest cart cookies. A form's answer is the cart (and the
// cookies to set) or the refusal in the error catalogue's terms; the page words it.
import { MAX_CART_QUANTITY, MAX_ORDER_COMMENT, type Cart, type CartItemInput } from "../../lib/cart-types.ts";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import type { FormFields } from "../../lib/add-to-cart-form.ts";
import { cartCookies, clearedCartCookies } from "../../lib/cookies.ts";
import type { Store } from "../catalog/service.ts";
import { isAppError } from "../errors.ts";
import { type Owner, ownerOf, type Shopper } from "../identity.ts";
import type { Services } from "../services.ts";

type CartService = Services["cart"];

/** The outcome of a form: the cart as it is now, or why not; `cookies` keep the browser's cookies in step either way. */
export type FormOutcome =
  | { ok: true; cart: Cart | null; cookies: string[] }
  | { ok: false; error: ErrorDetail; status: number; cookies: string[] };

const isGone = (error: unknown) => isAppError(error) && error.code === "cart_not_found";

/** A refusal as the error the page shows; anything that is not a refusal is a real failure. */
function refusal(error: unknown, cookies: string[] = []): FormOutcome {
  if (!isAppError(error) || error.status >= 500) throw error;
  return { ok: false, error: { code: error.code, params: error.params, field: error.field }, status: error.status, cookies };
}

/** Spec §8: an add to cart refused for anything but quantity, product or options says "generic". */
const ADD_REFUSALS = ["qty", "sku", "allOptions", "cart_full", "invalid_input", "too_many_requests"];

/**
 * Adds the item to the guest cart the request carries, creating the cart (and its cookies)
 * when there is none or the old one was ordered or has expired.
 */
export async function addToGuestCart(carts: CartService, shopper: Shopper, request: Request, item: CartItemInput): Promise<FormOutcome> {
  const { store } = shopper;
  const owner = ownerOf(shopper);
  let id = shopper.guestCartId;
  try {
    let cart: Cart;
    try {
      if (!id) id = await carts.createEmptyCart(store, owner);
      cart = await carts.addItem(store, id, item, owner);
    } catch (error) {
      if (!isGone(error)) throw error;
      id = await carts.createEmptyCart(store, owner);
      cart = await carts.addItem(store, id, item, owner);
    }
    return { ok: true, cart, cookies: cartCookies(request, cart.id, cart.total_quantity, store.config.guest_cart_seconds) };
  } catch (error) {
    const outcome = refusal(
      error,
      id ? cartCookies(request, id, await quantityOf(carts, store, id, owner), store.config.guest_cart_seconds) : [],
    );
    if (!outcome.ok && !ADD_REFUSALS.includes(outcome.error.code)) return { ...outcome, error: { code: "generic" } };
    return outcome;
  }
}

/** The count for the badge cookie of a cart a refused add left as it was (0 when it is gone). */
async function quantityOf(carts: CartService, store: Store, id: string, owner: Owner): Promise<number> {
  try {
    return (await carts.getCart(store, id, owner)).total_quantity;
  } catch {
    return 0;
  }
}

/** The guest's cart for a page, or null; a cookie of a cart that is gone is forgotten. */
export async function guestCart(carts: CartService, shopper: Shopper, request: Request): Promise<{ cart: Cart | null; cookies: string[] }> {
  const id = shopper.guestCartId;
  if (!id) return { cart: null, cookies: [] };
  try {
    const cart = await carts.getCart(shopper.store, id, ownerOf(shopper));
    return { cart, cookies: cartCookies(request, cart.id, cart.total_quantity, shopper.store.config.guest_cart_seconds) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { cart: null, cookies: clearedCartCookies(request) };
    throw error;
  }
}

/** The cart page's forms, by their `intent`. */
export const CART_FORM_INTENTS = [
  "quantity",
  "remove",
  "coupon",
  "removeCoupon",
  "gift_card",
  "removeGiftCard",
  "loyalty_card",
  "removeLoyaltyCard",
  "finnair_plus",
  "removeFinnairPlus",
  "comment",
] as const;
export type CartFormIntent = (typeof CART_FORM_INTENTS)[number];

const field = (form: FormFields, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

const invalid = (rule: string, extra: Record<string, string | number> = {}): FormOutcome => ({
  ok: false,
  error: { code: "invalid_input", params: { rule, ...extra } },
  status: 400,
  cookies: [],
});

/** Runs one cart page form on the request's cart. Bad input is a 400 that changes nothing. */
export async function cartFormAction(
  carts: CartService,
  shopper: Shopper,
  request: Request,
  intent: CartFormIntent,
  form: FormFields,
): Promise<FormOutcome> {
  const { store } = shopper;
  const owner = ownerOf(shopper);
  const id = shopper.guestCartId;
  if (!id) return { ok: true, cart: null, cookies: [] };
  const item = Number.parseInt(field(form, "item"), 10);
  // The line's version the page showed (decision 0011); a form without one changes the line as it is.
  const version = Number.parseInt(field(form, "version"), 10);
  const lineVersion = version >= 1 && version <= 2_147_483_647 ? version : undefined;
  const text = (name: string, max: number) => {
    const value = field(form, name);
    return value.length > max ? null : value;
  };
  let run: () => Promise<Cart>;
  switch (intent) {
    case "quantity": {
      // The typed quantity plus the step of the − or + button that sent the form.
      const quantity = Number.parseInt(field(form, "quantity"), 10) + (Number.parseInt(field(form, "step"), 10) || 0);
      if (!(item > 0)) return invalid("required");
      if (!(quantity >= 1 && quantity <= MAX_CART_QUANTITY)) return { ok: false, error: { code: "qty" }, status: 400, cookies: [] };
      run = () => carts.updateQuantity(store, id, item, quantity, owner, lineVersion);
      break;
    }
    case "remove":
      if (!(item > 0)) return invalid("required");
      run = () => carts.removeItem(store, id, item, owner, lineVersion);
      break;
    case "coupon":
    case "gift_card": {
      const code = text("code", 64);
      if (code === null) return invalid("maxLength", { maxLength: 64 });
      if (!code) return invalid("required");
      run = () => (intent === "coupon" ? carts.applyCoupon(store, id, code, owner) : carts.applyGiftCard(store, id, code, owner));
      break;
    }
    case "loyalty_card":
    case "finnair_plus": {
      const number = text("code", 40);
      if (number === null) return invalid("maxLength", { maxLength: 40 });
      if (!number) return invalid("required");
      run = () =>
        intent === "loyalty_card"
          ? carts.setLoyaltyCardNumber(store, id, number, owner)
          : carts.setFinnairPlusNumber(store, id, number, owner);
      break;
    }
    case "comment": {
      const comment = text("comment", MAX_ORDER_COMMENT);
      if (comment === null) return invalid("maxLength", { maxLength: MAX_ORDER_COMMENT });
      run = () => carts.setOrderComment(store, id, comment, owner);
      break;
    }
    case "removeCoupon":
      run = () => carts.removeCoupon(store, id, owner);
      break;
    case "removeGiftCard":
      run = () => carts.removeGiftCard(store, id, owner);
      break;
    case "removeLoyaltyCard":
      run = () => carts.setLoyaltyCardNumber(store, id, null, owner);
      break;
    case "removeFinnairPlus":
      run = () => carts.removeFinnairPlusNumber(store, id, owner);
      break;
  }
  try {
    const cart = await run();
    return { ok: true, cart, cookies: cartCookies(request, cart.id, cart.total_quantity, store.config.guest_cart_seconds) };
  } catch (error) {
    // The cart was ordered or has expired meanwhile: the shopper has an empty cart again.
    if (isAppError(error) && error.status === 404 && error.code === "cart_not_found") {
      return { ok: true, cart: null, cookies: clearedCartCookies(request) };
    }
    return refusal(error);
  }
}
