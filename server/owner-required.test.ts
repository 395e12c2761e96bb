// The owner is a required argument of every cart and checkout method: a call that forgets it
// is a type error, never a guest's call. `npm run typecheck` checks this file: each expected
// error below fails the typecheck the day its call compiles again.
import { describe, expectTypeOf, it } from "vitest";
import type { Cart, CartItemInput } from "../lib/cart-types.ts";
import type { CartService } from "./cart/service.ts";
import type { Store } from "./catalog/service.ts";
import type { CheckoutService } from "./checkout/service.ts";
import type { Owner } from "./identity.ts";
import type { WishlistService } from "./wishlist/service.ts";

/** Never run: it exists to be typechecked. */
function callsWithoutOwner(cart: CartService, checkout: CheckoutService, store: Store, item: CartItemInput, wishlist: WishlistService) {
  const id = "cart-id";
  return [
    // @ts-expect-error the owner is required
    cart.getCart(store, id),
    // @ts-expect-error the owner is required
    cart.addItem(store, id, item),
    // @ts-expect-error the owner is required
    cart.addItems(store, id, [item]),
    // @ts-expect-error the owner is required
    cart.updateQuantity(store, id, 1, 2),
    // @ts-expect-error the owner is required
    cart.removeItem(store, id, 1),
    // @ts-expect-error the owner is required
    cart.applyCoupon(store, id, "CODE"),
    // @ts-expect-error the owner is required
    cart.removeCoupon(store, id),
    // @ts-expect-error the owner is required
    cart.applyGiftCard(store, id, "CODE"),
    // @ts-expect-error the owner is required
    cart.removeGiftCard(store, id),
    // @ts-expect-error the owner is required
    cart.setOrderComment(store, id, "comment"),
    // @ts-expect-error the owner is required
    cart.setFinnairPlusNumber(store, id, "123456789"),
    // @ts-expect-error the owner is required
    cart.removeFinnairPlusNumber(store, id),
    // @ts-expect-error the owner is required
    cart.setLoyaltyCardNumber(store, id, null),
    // @ts-expect-error the owner is required
    cart.mergeCarts(store, id, "other-id"),
    // @ts-expect-error the owner is required
    checkout.setShippingAddress(store, id, {}),
    // @ts-expect-error the owner is required
    checkout.setShippingMethod(store, id, "home_delivery", null),
    // @ts-expect-error the owner is required
    checkout.setBillingAddress(store, id, true, null),
    // @ts-expect-error the owner is required
    checkout.setPaymentMethod(store, id, "invoice"),
    // @ts-expect-error the owner is required
    checkout.placeOrder(store, id, { idempotencyKey: null, body: {} }),
    // @ts-expect-error the owner is required
    checkout.reopenAbandoned(store, id),
    // @ts-expect-error an owner is an Owner, not a customer id
    cart.getCart(store, id, 42),
    // @ts-expect-error the owner is required
    wishlist.get(store, {}),
    // @ts-expect-error the owner is required
    wishlist.add(store, "SKU"),
    // @ts-expect-error the owner is required
    wishlist.remove(store, { sku: "SKU" }),
    // @ts-expect-error an owner is an Owner, not a customer id
    wishlist.add(store, "SKU", 42),
  ];
}

describe("the owner of a cart, checkout or wishlist call", () => {
  it("is the last, required parameter of every method", () => {
    expectTypeOf(callsWithoutOwner).toBeFunction();
    expectTypeOf<Parameters<CartService["getCart"]>[2]>().toEqualTypeOf<Owner>();
    expectTypeOf<Parameters<CartService["mergeCarts"]>[3]>().toEqualTypeOf<Owner>();
    expectTypeOf<Parameters<CheckoutService["placeOrder"]>[3]>().toEqualTypeOf<Owner>();
    expectTypeOf<Parameters<WishlistService["add"]>[2]>().toEqualTypeOf<Owner>();
    expectTypeOf<Parameters<WishlistService["remove"]>[2]>().toEqualTypeOf<Owner>();
    expectTypeOf<ReturnType<CartService["getCart"]>>().toEqualTypeOf<Promise<Cart>>();
  });
});
