// The cart (spec §3, §4, §7, §8): guest carts by a random id, lines of products as
// configured, coupon, gift card, order comment, Finnair Plus and loyalty card numbers.
// Prices are always computed here from the current price history; every write is one
// transaction on the locked cart row, and every cart is checked against its store, its
// state and its owner before anything is read or written.
//
// The concerns live beside it: pricing.ts prices a cart into its view, codes.ts holds the
// coupon and gift-card rules, lines.ts resolves what is added into a line; this file wires
// them: the ownership check, the write transaction and the public methods.
import { randomBytes } from "node:crypto";
import { type Cart, type CartItemInput, MAX_CART_QUANTITY, MAX_ORDER_COMMENT } from "../../lib/cart-types.ts";
import type { Store } from "../catalog/service.ts";
import { AppError } from "../errors.ts";
import type { Owner } from "../identity.ts";
import type { RateLimits } from "../rate-limits/service.ts";
import { couponNotFound, couponProblem, giftCardProblem, normalizeCode, priceLabel } from "./codes.ts";
import { addLine, addToCartError, assertQuantity } from "./lines.ts";
import { type PricingReference, priceCart, uncachedReference } from "./pricing.ts";
import type { CartQueries, CartRepository, CartRow } from "./repository.ts";

export { couponProblem, giftCardProblem, normalizeCode } from "./codes.ts";
export { cachedPricingReference } from "./pricing.ts";
export { addToCartError, MAX_CART_LINES } from "./lines.ts";

/** Who asks (server/identity.ts): every method takes it, none defaults it — a forgotten owner does not compile. */
export type CartOwner = Owner;

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

/** A guest cart is its id's holder's; a customer's cart is that customer's alone (an id without their token opens nothing). */
export const reaches = (owner: CartOwner, cart: Pick<CartRow, "customer_id">) =>
  cart.customer_id === null || cart.customer_id === owner.customerId;

export const cartNotFound = () => new AppError(404, "cart_not_found");

/** The 404s for an id no cart has (not one expired, ordered or someone else's): what guessing meets. */
const unknownIds = new WeakSet<AppError>();
export function unknownCart(): AppError {
  const error = cartNotFound();
  unknownIds.add(error);
  return error;
}
const itemNotFound = () => new AppError(404, "item_not_found", { field: "cart_item_id" });

/**
 * The line a change is about. With the version the shopper's page showed, a line changed or
 * removed meanwhile (another window) is a 409 and nothing is written; without one (API
 * clients of spec §7), the change applies to the line as it is (decision 0011).
 */
async function lineToChange(q: CartQueries, cartId: string, itemId: number, version: number | undefined) {
  const item = await q.item(cartId, itemId);
  if (version !== undefined && item?.version !== version) throw new AppError(409, "cart_changed_elsewhere", { field: "version" });
  if (!item) throw itemNotFound();
  return item;
}

/**
 * clock: the time prices are read at. reference: tax rates and pickup stores, which change only
 * wholesale; give a per-process cache (cachedPricingReference) to spare every pricing their reads.
 */
export function createCartService(
  repo: CartRepository,
  clock: () => number = Date.now,
  reference: PricingReference = uncachedReference,
  limits?: RateLimits,
) {
  // Guessed ids, per client address (docs/decisions/0035): refused before the lookup once past the limit.
  const guessing = limits?.failures("unknownCartsPerAddress");

  /**
   * Looks a named cart up on behalf of a client: refused (429) while its address guesses too
   * much; a miss on an id no cart has counts towards that.
   */
  async function lookingUp<T>(owner: CartOwner, lookup: () => Promise<T>): Promise<T> {
    guessing?.check(owner.address);
    try {
      return await lookup();
    } catch (error) {
      if (unknownIds.has(error as AppError)) await guessing?.fail(owner.address);
      throw error;
    }
  }

  /** A coupon or gift-card attempt counts per cart and per client address, whatever its answer. */
  async function codeAttempt(id: string, owner: CartOwner) {
    guessing?.check(owner.address);
    await limits?.take(["codesPerCart", id], ["codesPerAddress", owner.address]);
  }

  /** When a guest cart changed now ends: its store's lifetime later (spec §9). */
  const guestExpiry = (store: Store, now: number) => new Date(now + store.config.guest_cart_seconds * 1000);

  /**
   * A loyalty member's cart gets their member number once, on its first write by them (decision
   * 0020): prefilled, not forced — a number the shopper then clears or changes stays as they left it.
   */
  async function prefillMemberNumber(q: CartQueries, cart: CartRow, owner: CartOwner) {
    if (owner.customerId === null || cart.loyalty_card_prefilled || cart.loyalty_card_number !== null) return;
    const number = await q.loyaltyMemberNumber(owner.customerId);
    if (number) await q.updateCart(cart.id, { loyalty_card_number: number, loyalty_card_prefilled: true });
  }

  /** The cart if it is active, not expired, of this store and the asker's; else 404 — never someone else's cart. */
  async function owned(q: CartQueries, store: Store, id: string, owner: CartOwner, lock: boolean): Promise<CartRow> {
    if (!isCartId(id)) throw unknownCart();
    const cart = lock ? await q.lockCart(id) : await q.cart(id);
    if (!cart) throw unknownCart();
    return ownedRow(store, cart, owner);
  }

  /** The same checks on a cart row already read (and locked) in this transaction. */
  function ownedRow(store: Store, cart: CartRow, owner: CartOwner): CartRow {
    const expired = cart.expires_at !== null && new Date(cart.expires_at).getTime() <= clock();
    if (cart.store_code !== store.code || cart.status !== "active" || expired || !reaches(owner, cart)) throw cartNotFound();
    return cart;
  }

  function assertShopping(store: Store) {
    if (store.config.disable_shopping.includes(store.code)) throw new AppError(403, "shopping_disabled");
  }

  /** The cart as the API shows it, priced now. */
  const price = (q: CartQueries, store: Store, cart: CartRow) => priceCart(q, store, cart, clock(), reference);

  /**
   * One write: lock the cart, change it, record the change, and answer the cart as it now
   * is — all in one transaction. A coupon the change made inapplicable stays, shown in
   * invalid_codes with the reason, until the shopper removes it. `check` may refuse the
   * change by what the cart now offers (it throws, and nothing is written): one pricing
   * serves both the check and the answer.
   */
  async function write(
    store: Store,
    id: string,
    owner: CartOwner,
    change: (q: CartQueries, cart: CartRow) => Promise<void>,
    check?: (view: Cart) => void,
  ) {
    return lookingUp(owner, () =>
      repo.transaction(async (q) => {
        const cart = await owned(q, store, id, owner, true);
        await prefillMemberNumber(q, cart, owner);
        await change(q, cart);
        const now = clock();
        const fresh = await q.touchCart(cart.id, new Date(now), guestExpiry(store, now));
        if (!fresh) throw cartNotFound();
        const { view } = await price(q, store, fresh);
        check?.(view);
        return view;
      }),
    );
  }

  return {
    /**
     * For checkout (server/checkout): a write to the cart's checkout fields, with the cart
     * locked and answered as it then is; and the cart priced inside a transaction of its own.
     */
    writeCart: write,
    price,
    /** The brand's stores where pickup can be chosen, as pricing offers them. */
    pickupStores: (q: CartQueries) => reference.pickupStores(q),
    /** Carriers' pickup points (every language), as pricing reads them. */
    pickupPoints: (q: CartQueries) => reference.pickupPoints(q),
    ownedCart: owned,
    ownedRow,
    lookingUp,
    assertShopping,

    /**
     * A new, empty cart (spec §7 createEmptyCart): a guest's, whose id is its only key, or a
     * logged-in customer's (no expiry; reachable only with their session, spec §6).
     */
    async createEmptyCart(store: Store, owner: CartOwner): Promise<string> {
      assertShopping(store);
      await limits?.take(["cartsPerAddress", owner.address]);
      const id = newCartId();
      const now = clock();
      if (owner.customerId === null) await repo.insertCart(id, store.code, new Date(now), guestExpiry(store, now));
      else await repo.insertCart(id, store.code, new Date(now), null, owner.customerId);
      return id;
    },

    /** The cart, priced now; 404 for an unknown, expired, ordered, other store's or other customer's cart. */
    async getCart(store: Store, id: string, owner: CartOwner): Promise<Cart> {
      const cart = await lookingUp(owner, () => owned(repo, store, id, owner, false));
      return (await price(repo, store, cart)).view;
    },

    /** Adds one product (spec §7 POST /api/cart/). */
    async addItem(store: Store, id: string, input: CartItemInput, owner: CartOwner): Promise<Cart> {
      assertShopping(store);
      assertQuantity(input.quantity, "quantity");
      return write(store, id, owner, (q, cart) => addLine(q, store, cart, input, "product", clock));
    },

    /** Adds several products: all of them or, on the first refusal, none (spec §7 addProductsToCart). */
    async addItems(store: Store, id: string, inputs: CartItemInput[], owner: CartOwner): Promise<Cart> {
      assertShopping(store);
      inputs.forEach((input, i) => {
        assertQuantity(input.quantity, `cartItems.${i}.quantity`);
      });
      return write(store, id, owner, async (q, cart) => {
        for (const [i, input] of inputs.entries()) await addLine(q, store, cart, input, `cartItems.${i}`, clock);
      });
    },

    /** Sets a line's quantity, within stock (spec §7 POST /api/cart/update); `version`: see lineToChange. */
    async updateQuantity(store: Store, id: string, itemId: number, quantity: number, owner: CartOwner, version?: number): Promise<Cart> {
      assertQuantity(quantity, "quantity");
      return write(store, id, owner, async (q, cart) => {
        const item = await lineToChange(q, cart.id, itemId, version);
        const variant = await q.variantById(item.variant_id);
        if (variant?.stock !== null && variant?.stock !== undefined) {
          const others = (await q.variantQuantity(cart.id, item.variant_id)) - item.quantity;
          if (others + quantity > variant.stock) throw addToCartError("qty", "quantity");
        }
        await q.setQuantity(item.id, quantity, new Date(clock()));
      });
    },

    /** Removes a line (spec §7 DELETE /api/cart/{itemId}); `version`: see lineToChange. */
    async removeItem(store: Store, id: string, itemId: number, owner: CartOwner, version?: number): Promise<Cart> {
      return write(store, id, owner, async (q, cart) => {
        const item = await lineToChange(q, cart.id, itemId, version);
        await q.deleteItem(item.id);
      });
    },

    /** Applies a coupon code (one per cart; a new one replaces the old), or says why it does not apply. */
    async applyCoupon(store: Store, id: string, rawCode: string, owner: CartOwner): Promise<Cart> {
      const code = normalizeCode(rawCode);
      await codeAttempt(id, owner);
      return write(store, id, owner, async (q, cart) => {
        const coupon = await q.coupon(code);
        if (!coupon) throw couponNotFound(code);
        const { totals } = await price(q, store, { ...cart, coupon_code: null });
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

    async removeCoupon(store: Store, id: string, owner: CartOwner): Promise<Cart> {
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { coupon_code: null }));
    },

    /** Applies a gift card (its balance pays part of the total; it is debited when the order is placed). */
    async applyGiftCard(store: Store, id: string, rawCode: string, owner: CartOwner): Promise<Cart> {
      const code = normalizeCode(rawCode);
      await codeAttempt(id, owner);
      return write(store, id, owner, async (q, cart) => {
        const card = await q.giftCard(code);
        if (!card) throw new AppError(404, "giftcard_not_found", { params: { code }, field: "code" });
        const problem = giftCardProblem(card, { storeCode: store.code, now: clock() });
        if (problem) throw problem;
        await q.updateCart(cart.id, { gift_card_code: code, gift_card_balance_cents: card.balance_cents });
      });
    },

    async removeGiftCard(store: Store, id: string, owner: CartOwner): Promise<Cart> {
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { gift_card_code: null, gift_card_balance_cents: null }));
    },

    /** The order comment (at most 500 characters); an empty one removes it. */
    async setOrderComment(store: Store, id: string, comment: string, owner: CartOwner): Promise<Cart> {
      const trimmed = comment.trim();
      if (trimmed.length > MAX_ORDER_COMMENT)
        throw new AppError(400, "invalid_input", { params: { rule: "maxLength", maxLength: MAX_ORDER_COMMENT }, field: "comment" });
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { order_comment: trimmed === "" ? null : trimmed }));
    },

    async setFinnairPlusNumber(store: Store, id: string, number: string, owner: CartOwner): Promise<Cart> {
      const normalized = normalizeFinnairPlus(number);
      if (!normalized) throw new AppError(400, "invalid_input", { params: { rule: "finnairPlus" }, field: "number" });
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { finnair_plus_number: normalized }));
    },

    async removeFinnairPlusNumber(store: Store, id: string, owner: CartOwner): Promise<Cart> {
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { finnair_plus_number: null }));
    },

    /** The loyalty card number; null removes it. */
    async setLoyaltyCardNumber(store: Store, id: string, number: string | null, owner: CartOwner): Promise<Cart> {
      const normalized = number === null ? null : normalizeLoyaltyCard(number);
      if (number !== null && !normalized) throw new AppError(400, "invalid_input", { params: { rule: "loyaltyCard" }, field: "number" });
      // The shopper's own choice: no later prefill puts the member number back.
      return write(store, id, owner, (q, cart) => q.updateCart(cart.id, { loyalty_card_number: normalized, loyalty_card_prefilled: true }));
    },

    /**
     * Moves the source cart's lines into the destination cart and deletes the source (spec §4
     * login: the guest cart merges into the customer cart). Lines of the same configured
     * product add up, to at most the stock and 99; what does not fit is left out. The
     * destination keeps its coupon, gift card, comment and numbers, and takes the source's
     * where it has none. Both carts must be the caller's: for now the caller proves it by
     * presenting both ids; with accounts the destination will be the customer's own cart.
     */
    async mergeCarts(store: Store, sourceId: string, destinationId: string, owner: CartOwner): Promise<Cart> {
      if (sourceId === destinationId) throw new AppError(400, "invalid_input", { params: { rule: "sameCart" }, field: "source_cart_id" });
      return lookingUp(owner, () =>
        repo.transaction(async (q) => {
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
          const fresh = await q.touchCart(destination.id, now, guestExpiry(store, now.getTime()));
          if (!fresh) throw cartNotFound();
          return (await price(q, store, fresh)).view;
        }),
      );
    },

    /**
     * At login (spec §4): the customer's cart in this store, with the guest cart they came with
     * merged into it — or that guest cart becoming theirs when they had none. Answers the cart
     * (null when there is neither). Afterwards the guest id reaches the cart only with the
     * customer's session.
     */
    async cartAtLogin(store: Store, guestCartId: string | null, customerId: number): Promise<Cart | null> {
      const owner: CartOwner = { customerId };
      const own = await repo.customerCartId(customerId, store.code);
      const guest = guestCartId && isCartId(guestCartId) ? await repo.cart(guestCartId) : undefined;
      const usable = guest && guest.status === "active" && guest.store_code === store.code && guest.customer_id === null;
      if (usable && own) return this.mergeCarts(store, guest.id, own, owner);
      // A claimed cart is written once (touched) so a member's number is filled in as on any write.
      if (usable && (await repo.transaction((q) => q.claimCart(guest.id, customerId))))
        return write(store, guest.id, owner, async () => {});
      return own ? this.getCart(store, own, owner) : null;
    },

    /** The customer's open cart in the store (spec §3 logged-in user cart_id), or null. */
    customerCartId(store: Store, customerId: number): Promise<string | null> {
      return repo.customerCartId(customerId, store.code);
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
