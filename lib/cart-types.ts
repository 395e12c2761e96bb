// The cart as the API and the pages see it (spec §3 Cart and Cart item), and what a client
// sends to add products. Amounts are euros with two decimals; the server computes every one
// of them from the current price history — a client never sends a price.
import type { PriceRange, Image, Money, ProductTypename } from "./catalog-types.ts";
import type { Address, PaymentMethodCode, ShippingMethodCode } from "./checkout.ts";

import type { ErrorCode } from "./errors/catalogue.ts";
import type { PickupPoint } from "./pickup-points.ts";

export type CartItemTypename = "SimpleCartItem" | "ConfigurableCartItem" | "GiftCardCartItem";

export interface CartDiscount {
  label: string;
  amount: Money;
}

export interface CartItemPrices {
  /** Unit price including VAT (custom options included; a gift card's chosen amount). */
  price_including_tax: Money;
  row_total_including_tax: Money;
  /** Sum of discounts on the row. */
  total_item_discount: Money;
  discounts: CartDiscount[];
  /** VAT contained in the row after discount. */
  row_tax: Money;
  /** Spec §1 analytics unit price: row total / quantity − first discount per unit. */
  analytics_unit_price: Money;
}

export interface CartItemConfigurableOption {
  /** The option's uid (colour or size), as in the product's configurable_options. */
  uid: string;
  option_label: string;
  /** The chosen value's uid and id (value_index). */
  value_uid: string;
  id: number;
  value_label: string;
}

export interface CartItemCustomizableOption {
  uid: string;
  label: string;
  type: "field" | "area" | "drop_down" | "checkbox";
  sort_order: number;
  /** gift_wrap: choosing this value gift-wraps the line (shown as the order's gift wrapping). */
  values: { uid: string; label: string; value: string; price: Money; gift_wrap?: true }[];
}

export interface CartItem {
  id: number;
  __typename: CartItemTypename;
  quantity: number;
  /**
   * The line's version: send it with a quantity change or removal, and a change made on an
   * older one (another window changed the line) is refused with a 409 cart_changed_elsewhere.
   */
  version: number;
  /** The most this line can hold now: 99, or less when the stock (after the variant's other lines) is lower. */
  max_quantity: number;
  product: {
    sku: string;
    name: string;
    url_key: string;
    image: Image;
    brand_value: string;
    __typename: ProductTypename;
  };
  configurable_options: CartItemConfigurableOption[];
  /** The chosen variant of a configurable product; null for other products. */
  /** The chosen variant of a configurable product, with its own price (spec §3). */
  configured_variant: { sku: string; price_range: PriceRange } | null;
  customizable_options: CartItemCustomizableOption[];
  /** Gift cards: the chosen amount and the card's texts; null for other products. */
  giftcard_amount: Money | null;
  sender_name: string | null;
  sender_email: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  message: string | null;
  stock_status: "IN_STOCK" | "OUT_OF_STOCK";
  /** false when the stock no longer covers the quantity (the order step refuses the cart). */
  is_available: boolean;
  prices: CartItemPrices;
}

export interface CartTax {
  label: string;
  /** Percent, e.g. 25.5. */
  rate: number;
  amount: Money;
}

export interface CartPrices {
  subtotal_including_tax: Money;
  subtotal_with_discount_including_tax: Money;
  discounts: CartDiscount[];
  /** Shipping of the selected method (0 before one is chosen), VAT included. */
  shipping_including_tax: Money;
  /** What the applied gift card pays of the total (its balance is debited at the order). */
  gift_card: Money | null;
  /** What is left to pay. */
  grand_total: Money;
  /** VAT contained in the total, per rate. */
  applied_taxes: CartTax[];
  total_tax: Money;
}

export interface AppliedGiftCard {
  code: string;
  current_balance: Money;
  applied_balance: Money;
  expires_at: string | null;
}

/**
 * A coupon or gift card kept on the cart that no longer applies (used up, expired, below its
 * minimum): shown with the reason and counted for nothing; the order needs it removed first.
 */
export interface InvalidCode {
  type: "coupon" | "gift_card";
  code: string;
  /** The refusal's code, as applying the code now would answer (coupon_used_up, giftcard_empty, ...). */
  reason: ErrorCode;
  /** The reason's parameters (lib/errors catalogue), e.g. the coupon's minimum. */
  params: Record<string, string | number>;
  /** The reason in the store's language. */
  message: string;
}

export interface Cart {
  id: string;
  total_quantity: number;
  /** True when every item is a virtual gift card: nothing to ship. */
  is_virtual: boolean;
  items: CartItem[];
  prices: CartPrices;
  applied_coupons: { code: string }[];
  applied_gift_card: AppliedGiftCard | null;
  /** Codes on the cart that no longer apply; while there is one, can_place_order is false. */
  invalid_codes: InvalidCode[];
  order_comment: string | null;
  loyalty_card_number: string | null;
  finnair_plus_number: string | null;
  /** Checkout (spec §3, §4): the shipping address, whose first entry holds the selected method. */
  email: string | null;
  shipping_addresses: CartShippingAddress[];
  available_shipping_methods: ShippingMethod[];
  billing_address: Address | null;
  billing_same_as_shipping: boolean;
  selected_payment_method: { code: PaymentMethodCode; title: string } | null;
  available_payment_methods: { code: PaymentMethodCode; title: string }[];
  /** True once shipping method, payment method and billing address are all set (spec §4) and no code is invalid. */
  can_place_order: boolean;
}

export interface ShippingMethod {
  carrier_code: string;
  method_code: ShippingMethodCode;
  method_title: string;
  amount: Money;
  /** Stores to pick up from, for store_pickup. */
  pickup_stores?: { code: string; name: string; city: string; address: string }[];
}

export interface CartShippingAddress extends Address {
  email: string;
  selected_shipping_method: ShippingMethod | null;
  pickup_store: string | null;
  /** The carrier's pickup point chosen for the pickup_point method (GET /api/checkout/pickup-points lists them). */
  pickup_point: PickupPoint | null;
}

/** Body of GET /api/cart. customerCart is the logged-in customer's cart (accounts come later). */
export interface CartResponse {
  cart: Cart;
  customerCart: Cart | null;
}

export interface GiftCardInput {
  /** uid of one of the product's giftcard_amounts. */
  amount_uid: string;
  sender_name: string;
  sender_email: string;
  recipient_name: string;
  recipient_email: string;
  message?: string;
}

/**
 * One product to add. sku is a simple product's or gift card's sku, a configurable product's
 * sku with selected_options (the colour and size value uids), or a variant's own sku.
 */
export interface CartItemInput {
  sku: string;
  quantity: number;
  selected_options?: string[];
  gift_card?: GiftCardInput;
  /** Custom option uid → entered text (field, area) or chosen value uid (drop-down; checkbox: uids comma-separated). */
  custom_options?: Record<string, string>;
}

/** Spec §8 add-to-cart error codes (their texts are in the error catalogue, lib/errors). */
export type AddToCartErrorCode = "qty" | "sku" | "allOptions" | "generic";

/** Largest quantity of one cart line. */
export const MAX_CART_QUANTITY = 99;
/** Longest order comment. */
export const MAX_ORDER_COMMENT = 500;
/** Guest cart lifetime (spec §9): cookie Max-Age and the cart's expiry, in seconds. */
export const GUEST_CART_SECONDS = 2_592_000;
