// The shop's tables. Money is integer cents; texts that differ by language live in
// *_translations tables keyed by locale ("en", "fi").
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const productType = pgEnum("product_type", ["SimpleProduct", "ConfigurableProduct", "GiftCardProduct"]);
export const storeAvailability = pgEnum("store_availability", ["available", "low", "out_of_stock", "not_available", "verify_availability"]);

/** One row per storefront (spec §3 Locale + Store config). */
export const stores = pgTable("stores", {
  code: text("code").primaryKey(), // store code: "en", "fi"
  locale: text("locale").notNull(), // "en", "fi"
  name: text("name").notNull(),
  iso: text("iso").notNull(), // "en-GB", "fi-FI"
  countryCode: text("country_code").notNull(),
  dateFormat: text("date_format").notNull().default("d.M.yyyy"),
  leftSideCurrency: boolean("left_side_currency").notNull().default(false),
  position: integer("position").notNull().default(0),
  /** Store config fields of spec §3 (validated by lib/store-config.ts). */
  config: jsonb("config").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull().unique(),
    parentId: integer("parent_id"),
    level: integer("level").notNull(), // root = 1
    /** Ancestor ids from the root, "/1/4/9/": a prefix match finds a subtree. */
    path: text("path").notNull(),
    position: integer("position").notNull().default(0),
    includeInMenu: boolean("include_in_menu").notNull().default(true),
    topLevelClickable: boolean("top_level_clickable").notNull().default(true),
    availableSortBy: text("available_sort_by").array().notNull(),
    defaultSortBy: text("default_sort_by").notNull().default("position"),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.position), index("categories_path_idx").on(t.path)],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    urlKey: text("url_key").notNull(),
    urlPath: text("url_path").notNull(), // "men/jackets/rain-jackets"
    description: text("description").notNull().default(""),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] }), uniqueIndex("category_url_path_idx").on(t.locale, t.urlPath)],
);

/** Values of the configurable attributes (colour, size), shared by all products. */
export const attributeValues = pgTable(
  "attribute_values",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull().unique(),
    attributeCode: text("attribute_code").notNull(), // "color" | "size"
    code: text("code").notNull(), // "navy", "M", "42"
    labels: jsonb("labels").$type<Record<string, string>>().notNull(), // { en, fi }
    swatch: text("swatch"), // hex colour for colour values
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("attribute_values_code_idx").on(t.attributeCode, t.code)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    sku: text("sku").notNull().unique(),
    type: productType("type").notNull(),
    brand: text("brand").notNull(),
    /** Products of one style in other colourways (spec §3 related_products). */
    styleCode: text("style_code"),
    taxClass: text("tax_class").notNull().default("standard"),
    giftCardType: text("gift_card_type"), // "PHYSICAL" | "VIRTUAL" for gift cards
    /** Feature list of spec §3: key → text, or { en, fi } where it is language-bound. */
    features: jsonb("features").$type<Record<string, string | Record<string, string>>>().notNull().default({}),
    /** Drawing recipe of the demo image generator (garment kind). */
    imageKind: text("image_kind").notNull().default("tee"),
    position: integer("position").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("products_style_idx").on(t.styleCode)],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(), // full name; the shop shows the part before the first comma
    urlKey: text("url_key").notNull(),
    description: text("description").notNull().default(""),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] }), uniqueIndex("product_url_key_idx").on(t.locale, t.urlKey)],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] }), index("product_categories_product_idx").on(t.productId)],
);

/**
 * What can be bought and stocked: every product has at least one variant. A simple product
 * or gift card has one (its own sku); a configurable product one per colour and size.
 * stock is null for unmanaged stock (gift cards).
 */
export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    colorId: integer("color_id").references(() => attributeValues.id),
    sizeId: integer("size_id").references(() => attributeValues.id),
    position: integer("position").notNull().default(0),
    stock: integer("stock"),
  },
  (t) => [index("variants_product_idx").on(t.productId, t.position), check("variants_stock_non_negative", sql`${t.stock} >= 0`)],
);

/**
 * Price history per variant and store: each row is a price valid from valid_from until the
 * next row of the same variant and store. The current price is the latest row not in the
 * future; the rows before it give the 30-day lowest price of spec §3 and of the EU rule.
 */
export const prices = pgTable(
  "prices",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    regularCents: integer("regular_cents").notNull(),
    finalCents: integer("final_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.storeCode, t.validFrom] }),
    check("prices_positive", sql`${t.regularCents} >= 0 AND ${t.finalCents} >= 0 AND ${t.finalCents} <= ${t.regularCents}`),
    // The price clock asks for the next period start (and 30-day window edge) after a moment.
    index("prices_valid_from_idx").on(t.validFrom),
  ],
);

/**
 * Per product and store: the current price range and stock summary, kept in step with
 * prices and variants by the catalogue service, so that listings sort and filter by
 * price without aggregating variants on every request.
 */
export const productListing = pgTable(
  "product_listing",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    minFinalCents: integer("min_final_cents").notNull(),
    maxFinalCents: integer("max_final_cents").notNull(),
    minRegularCents: integer("min_regular_cents").notNull(),
    maxRegularCents: integer("max_regular_cents").notNull(),
    inStock: boolean("in_stock").notNull(),
    /** Colour and size value ids in stock, for filters. */
    colorIds: integer("color_ids").array().notNull(),
    sizeIds: integer("size_ids").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.productId] }), index("product_listing_price_idx").on(t.storeCode, t.minFinalCents)],
);

export const giftCardAmounts = pgTable(
  "gift_card_amounts",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull().unique(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("gift_card_amounts_product_idx").on(t.productId)],
);

/** Custom options (spec §3): "field" and "area" take text; "drop_down" and "checkbox" take values. */
export const customOptions = pgTable(
  "custom_options",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull().unique(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    titles: jsonb("titles").$type<Record<string, string>>().notNull(),
    required: boolean("required").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    maxCharacters: integer("max_characters"),
    priceType: text("price_type").notNull().default("FIXED"), // FIXED | PERCENT
    priceCents: integer("price_cents").notNull().default(0),
  },
  (t) => [index("custom_options_product_idx").on(t.productId)],
);

export const customOptionValues = pgTable("custom_option_values", {
  id: serial("id").primaryKey(),
  uid: text("uid").notNull().unique(),
  optionId: integer("option_id")
    .notNull()
    .references(() => customOptions.id, { onDelete: "cascade" }),
  titles: jsonb("titles").$type<Record<string, string>>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  priceType: text("price_type").notNull().default("FIXED"),
  priceCents: integer("price_cents").notNull().default(0),
  /** Choosing this value gift-wraps the line (spec §3 order display "gift wrapping"; Magento's gift wrapping). */
  giftWrap: boolean("gift_wrap").notNull().default(false),
});

/** Product images; color_id ties an image to one colourway (null: every colour). */
export const media = pgTable(
  "media",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    colorId: integer("color_id").references(() => attributeValues.id),
    /** Image key served at /img/<key>; the demo generator draws it from the product. */
    key: text("key").notNull(),
    labels: jsonb("labels").$type<Record<string, string>>().notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("media_product_idx").on(t.productId, t.position)],
);

/** The brand's own shops (spec §2 footer find-us list, §3 store availability). */
export const physicalStores = pgTable("physical_stores", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(), // "brand-store-helsinki"
  name: text("name").notNull(),
  city: text("city").notNull(),
  address: text("address").notNull(),
  phone: text("phone").notNull(),
  openingHours: jsonb("opening_hours").$type<Record<string, string>>().notNull(), // { en, fi }
  position: integer("position").notNull().default(0),
});

export const storeStock = pgTable(
  "store_stock",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    physicalStoreId: integer("physical_store_id")
      .notNull()
      .references(() => physicalStores.id, { onDelete: "cascade" }),
    status: storeAvailability("status").notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.physicalStoreId] })],
);

/**
 * One row per kind of data whose change must reach every app process (HTML cache,
 * in-process catalogue caches). Writers bump the version; processes poll it or listen.
 */
export const dataVersions = pgTable("data_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});

/** A PostgreSQL transaction id (xid8): orders the change log by commit visibility. */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * Log of products whose shown stock or prices changed, written by triggers on variants and
 * prices (migration 0003, docs/decisions/0001), so an operator's plain SQL counts too. Each
 * row is also sent with pg_notify('product_changes'); processes LISTEN, and poll this table
 * by transaction snapshot as a fallback. listing: the product_listing row was refreshed
 * (in_stock, filters or prices may differ). Rows older than ten minutes are pruned.
 */
export const productChanges = pgTable(
  "product_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id").notNull(),
    listing: boolean("listing").notNull(),
    xid: xid8("xid").notNull().default(sql`pg_current_xact_id()`),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_changes_xid_idx").on(t.xid), index("product_changes_at_idx").on(t.at)],
);

export type ProductChangeRow = typeof productChanges.$inferSelect;

// ---------------------------------------------------------------- cart and promotions

export const couponKind = pgEnum("coupon_kind", ["percent", "fixed"]);
export const cartStatus = pgEnum("cart_status", ["active", "ordered"]);

/**
 * VAT rates as data (prices include VAT). "standard" is Finland's 25.5 %; "gift_card" is
 * 0: a multi-purpose gift card is a means of payment, taxed when it is spent.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    taxClass: text("tax_class").primaryKey(),
    /** Basis points: 2550 = 25.5 %. */
    rateBp: integer("rate_bp").notNull(),
  },
  (t) => [check("tax_rates_rate_range", sql`${t.rateBp} >= 0 AND ${t.rateBp} <= 10000`)],
);

/**
 * Coupon codes, stored upper-case (codes are case-insensitive). value is a whole
 * percentage for "percent" and cents for "fixed". uses counts orders that redeemed the
 * code (the order step increments it in its transaction, never past max_uses).
 */
export const coupons = pgTable(
  "coupons",
  {
    code: text("code").primaryKey(),
    kind: couponKind("kind").notNull(),
    value: integer("value").notNull(),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    uses: integer("uses").notNull().default(0),
    /** null: valid in every store. */
    storeCode: text("store_code").references(() => stores.code),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("coupons_code_upper", sql`${t.code} = upper(${t.code}) AND length(${t.code}) BETWEEN 1 AND 64`),
    check("coupons_value", sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`),
    check("coupons_min_subtotal", sql`${t.minSubtotalCents} >= 0`),
    check("coupons_uses", sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`),
  ],
);

/** One row per order that redeemed a coupon (written by the order step), for per-customer limits. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponCode: text("coupon_code")
      .notNull()
      .references(() => coupons.code, { onDelete: "cascade" }),
    customerId: integer("customer_id"),
    cartId: text("cart_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coupon_redemptions_customer_idx").on(t.couponCode, t.customerId)],
);

/** Gift cards a shopper pays with (codes upper-case). The order step debits the balance. */
export const giftCards = pgTable(
  "gift_cards",
  {
    code: text("code").primaryKey(),
    balanceCents: integer("balance_cents").notNull(),
    /** null: valid in every store. */
    storeCode: text("store_code").references(() => stores.code),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gift_cards_code_upper", sql`${t.code} = upper(${t.code}) AND length(${t.code}) BETWEEN 1 AND 64`),
    check("gift_cards_balance_non_negative", sql`${t.balanceCents} >= 0`),
  ],
);

/**
 * Carriers' pickup points (Noutopiste, decision 0010). Demo rows come with the migration, as a
 * carrier's point list would be imported; the checkout offers those nearest the postcode (read
 * whole and kept per process: a carrier's list for a country is thousands of rows, not millions).
 */
export const pickupPoints = pgTable("pickup_points", {
  id: serial("id").primaryKey(),
  carrier: text("carrier").notNull(),
  name: text("name").notNull(),
  street: text("street").notNull(),
  postcode: text("postcode").notNull(),
  city: text("city").notNull(),
  countryCode: text("country_code").notNull().default("FI"),
  openingHours: jsonb("opening_hours").$type<Record<string, string>>().notNull(), // { en, fi }
});

export type PickupPointRow = typeof pickupPoints.$inferSelect;

/**
 * A shopper's cart. The id is 32 random bytes (base64url) and is the guest's only key to
 * it. Guest carts expire (expires_at, moved on with every change); customer carts
 * (customer_id set, accounts come later) do not and are reachable only by their customer.
 */
export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    customerId: integer("customer_id"),
    status: cartStatus("status").notNull().default("active"),
    couponCode: text("coupon_code").references(() => coupons.code, { onDelete: "set null" }),
    giftCardCode: text("gift_card_code").references(() => giftCards.code, { onDelete: "set null" }),
    /** The gift card's balance when the shopper applied it (the order step refuses a card that now pays less). */
    giftCardBalanceCents: integer("gift_card_balance_cents"),
    orderComment: text("order_comment"),
    loyaltyCardNumber: text("loyalty_card_number"),
    /**
     * The member number was offered to this cart once (decision 0020): a loyalty member's cart
     * gets their number filled in a single time, so a number the shopper clears stays cleared.
     */
    loyaltyCardPrefilled: boolean("loyalty_card_prefilled").notNull().default(false),
    finnairPlusNumber: text("finnair_plus_number"),
    /** Checkout (spec §4): the shipping address (with the email), method, billing address, payment method. */
    shippingAddress: jsonb("shipping_address").$type<Record<string, string>>(),
    shippingMethod: text("shipping_method"),
    pickupStore: text("pickup_store"),
    /** The chosen pickup point (pickup_point method); a point removed unselects itself. */
    pickupPointId: integer("pickup_point_id").references(() => pickupPoints.id, { onDelete: "set null" }),
    billingAddress: jsonb("billing_address").$type<Record<string, string>>(),
    billingSameAsShipping: boolean("billing_same_as_shipping").notNull().default(true),
    paymentMethod: text("payment_method"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("carts_expires_idx").on(t.expiresAt),
    index("carts_customer_idx").on(t.customerId),
    check("carts_order_comment_length", sql`length(${t.orderComment}) <= 500`),
  ],
);

/**
 * A line of a cart: one variant in one configuration. options_hash digests the custom
 * options and gift-card fields, so adding the same configured thing again raises the
 * quantity instead of adding a line.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /**
     * Counts the line's changes (1 when added): a quantity change or removal that names the
     * version it was made on is refused once another window has changed the line (decision 0011).
     */
    version: integer("version").notNull().default(1),
    /** Gift cards: the chosen amount (it replaces the price) and the card's texts. */
    amountCents: integer("amount_cents"),
    senderName: text("sender_name"),
    senderEmail: text("sender_email"),
    recipientName: text("recipient_name"),
    recipientEmail: text("recipient_email"),
    message: text("message"),
    /** Custom options: option uid → entered text or chosen value uid(s, comma-separated). */
    options: jsonb("options").$type<Record<string, string>>().notNull().default({}),
    optionsHash: text("options_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_items_line_idx").on(t.cartId, t.variantId, t.optionsHash),
    index("cart_items_variant_idx").on(t.variantId),
    check("cart_items_quantity_range", sql`${t.quantity} >= 1 AND ${t.quantity} <= 99`),
    check("cart_items_amount_positive", sql`${t.amountCents} IS NULL OR ${t.amountCents} > 0`),
  ],
);

// ---------------------------------------------------------------- orders and payments

// shipped: at least one shipment has left (order_shipments; decision 0020).
export const orderStatus = pgEnum("order_status", ["pending_payment", "processing", "canceled", "shipped"]);
// canceled: the shopper left the provider's page without deciding (not a failure).
export const paymentStatus = pgEnum("payment_status", ["pending", "approved", "declined", "canceled"]);

/** The next order number of each store: numbers are per store, without gaps from rolled-back orders' view. */
export const orderSequences = pgTable("order_sequences", {
  storeCode: text("store_code")
    .primaryKey()
    .references(() => stores.code),
  prefix: text("prefix").notNull(),
  next: bigint("next", { mode: "number" }).notNull().default(1),
});

/**
 * A placed order: what was bought at what price, frozen when it was placed. One live
 * (not canceled) order per cart: placing twice gives the same order. view_token is the
 * secret the success page is opened with; idempotency_key and request_hash answer retries.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderNumber: text("order_number").notNull().unique(),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    cartId: text("cart_id").notNull(),
    customerId: integer("customer_id"),
    status: orderStatus("status").notNull(),
    email: text("email").notNull(),
    shippingAddress: jsonb("shipping_address").$type<Record<string, string>>().notNull(),
    billingAddress: jsonb("billing_address").$type<Record<string, string>>().notNull(),
    shippingMethod: text("shipping_method").notNull(),
    pickupStore: text("pickup_store"),
    /** The pickup point as the shopper chose it (lib/pickup-points.ts PickupPoint), kept with the order. */
    pickupPoint: jsonb("pickup_point").$type<Record<string, unknown>>(),
    paymentMethod: text("payment_method").notNull(),
    currency: text("currency").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    giftCardCents: integer("gift_card_cents").notNull(),
    grandTotalCents: integer("grand_total_cents").notNull(),
    totalTaxCents: integer("total_tax_cents").notNull(),
    /** The VAT per rate as the cart showed it (shipping included), for the receipt. */
    taxes: jsonb("taxes").$type<{ rateBp: number; taxCents: number }[]>().notNull().default(sql`'[]'::jsonb`),
    couponCode: text("coupon_code"),
    giftCardCode: text("gift_card_code"),
    orderComment: text("order_comment"),
    loyaltyCardNumber: text("loyalty_card_number"),
    finnairPlusNumber: text("finnair_plus_number"),
    viewToken: text("view_token").notNull().unique(),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_live_cart_idx").on(t.cartId).where(sql`${t.status} <> 'canceled'`),
    index("orders_customer_idx").on(t.customerId),
    check("orders_amounts", sql`${t.grandTotalCents} >= 0 AND ${t.giftCardCents} >= 0 AND ${t.discountCents} >= 0`),
  ],
);

/** The lines of an order, as the cart showed them when it was placed. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    /** The cart item's view (options, image, gift-card texts) for showing the order. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    rowTotalCents: integer("row_total_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const carrier = pgEnum("carrier", ["posti", "matkahuolto"]);

/**
 * A parcel of an order on its way (spec §3 order display: shipment number, tracking number,
 * tracking links of two carriers), as the warehouse reports it through the operator API or
 * `npm run ship` (decision 0020). The same carrier and tracking number reported again for the
 * order is the same shipment. shipment_number is the order's number and the parcel's ordinal.
 */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shipmentNumber: text("shipment_number").notNull().unique(),
    carrier: carrier("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_shipments_tracking_idx").on(t.orderId, t.carrier, t.trackingNumber)],
);

export type OrderShipmentRow = typeof orderShipments.$inferSelect;

/**
 * A payment through a provider; the provider's verified notification decides it (decision 0037),
 * once: provider_payment_id is the provider's own id of the payment, set with the outcome.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    providerPaymentId: text("provider_payment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_order_idx").on(t.orderId), uniqueIndex("payments_provider_payment_idx").on(t.provider, t.providerPaymentId)],
);

/** Who changed an order (its history): the shopper, the shop's staff, a payment provider, the shop itself. */
export const orderActor = pgEnum("order_actor", ["shopper", "operator", "provider", "system"]);

/**
 * Every change of an order (server/orders/transitions.ts): the event, who made it and when, the
 * status before and after, and what it concerned (a shipment, a refund). Written in the
 * transaction of the change; the order page's timeline and the operators read it. Never edited.
 */
export const orderHistory = pgTable(
  "order_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    actor: orderActor("actor").notNull(),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_history_order_idx").on(t.orderId, t.id)],
);

export type OrderHistoryRow = typeof orderHistory.$inferSelect;

// pending: the provider is still to be asked (or has not answered); succeeded: the money is on its way back.
export const refundStatus = pgEnum("refund_status", ["pending", "succeeded", "failed"]);

/**
 * Money given back for an order: amount_cents to the original payment (through its provider,
 * asked by server/orders/refunds.ts with the refund's id as the idempotency key), gift_card_cents
 * to the gift card (credited in the transaction that decides the refund). A refund of an order
 * paid by invoice has no payment: it reduces what is owed.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    amountCents: integer("amount_cents").notNull(),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    status: refundStatus("status").notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("refunds_amounts", sql`${t.amountCents} >= 0 AND ${t.giftCardCents} >= 0`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;

/**
 * What happened to orders, for the warehouse and ERP (decision 0082): order.placed, order.paid,
 * order.canceled, order.shipped, order.refunded, each with a unique event id and the whole order
 * as it was then. Written in the transaction of the change (under the order's lock, so an order's
 * events are numbered in order by sequence); delivered to webhooks through the outbox and read by
 * the pull feed in the order of their transactions (xid, id).
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: text("event_id").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    sequence: integer("sequence").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    xid: xid8("xid").notNull().default(sql`pg_current_xact_id()`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_feed_idx").on(t.xid, t.id), uniqueIndex("order_events_sequence_idx").on(t.orderId, t.sequence)],
);

export type OrderEventRow = typeof orderEvents.$inferSelect;

/**
 * The sandbox provider's own record of the refunds it made (server/payments/sandbox.ts), as a
 * real provider keeps them on its side: one per idempotency key (the shop's refund id).
 */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: text("id").primaryKey(),
  providerPaymentId: text("provider_payment_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Side effects of a commit (mail now; CRM and engagement notices later), written in the
 * transaction that causes them and sent from here with retries, each once (server/mail/outbox.ts).
 * kind names the renderer, payload what it needs (an order id): the message is built at send time.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Messages of one key go out one after another, in the order written (a webhook endpoint and an order). */
    sequenceKey: text("sequence_key"),
    /** Given up (a webhook past its 24 hours): never sent, and no longer holding back the ones after it. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index("outbox_sequence_idx").on(t.sequenceKey, t.id).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;

// ---------------------------------------------------------------- customer accounts (docs/decisions/0014)

/**
 * A registered customer. One account serves both stores; store_code is the store it was
 * registered in (the language of its mails until it chooses otherwise). The email is kept as
 * given and unique regardless of case. password_hash is self-describing scrypt
 * (server/customers/passwords.ts). A customer logs in only once confirmed_at is set. Whether
 * it gets the newsletter is its address's row in newsletter_subscribers.
 */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    passwordHash: text("password_hash").notNull(),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The customer's own details (account /edit/user-info); both optional. */
    telephone: text("telephone"),
    birthday: date("birthday", { mode: "string" }),
    /**
     * The customer's key at the engagement service (spec §7 user `voyado_customer_key`): random,
     * nothing personal; the engine files the customer's searches and views under it in any browser.
     */
    engagementKey: text("engagement_key").notNull().default(sql`gen_random_uuid()::text`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customers_email_idx").on(sql`lower(${t.email})`)],
);

export type CustomerRow = typeof customers.$inferSelect;

/**
 * A login session: the sha256 of a random 256-bit bearer token (the token itself is never
 * stored), valid until expires_at unless revoked (logout, password reset).
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("auth_tokens_customer_idx").on(t.customerId)],
);

export type AuthTokenRow = typeof authTokens.$inferSelect;

export const customerTokenKind = pgEnum("customer_token_kind", ["confirm", "reset"]);

/** Mailed single-use keys (registration confirmation, password reset), stored hashed, expiring. */
export const customerTokens = pgTable(
  "customer_tokens",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: customerTokenKind("kind").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("customer_tokens_customer_idx").on(t.customerId, t.kind)],
);

export type CustomerTokenRow = typeof customerTokens.$inferSelect;

/**
 * Limits per key (docs/decisions/0014): failed logins ("account:<lower email>",
 * "address:<client address>") counted since window_start, a quiet window ending the count,
 * blocked_until when the next attempt is heard; and turns ("reset:<lower email>": reset mails)
 * whose last one was at last_failure_at.
 */
export const throttles = pgTable("throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});

export type ThrottleRow = typeof throttles.$inferSelect;

/**
 * Browsers that have logged in to an account (issue 36, decision 0067): a random key in the
 * `login_device` cookie, kept here hashed per customer. Failed logins from elsewhere slow those
 * clients down, never one the account's owner has logged in from before.
 */
export const loginDevices = pgTable(
  "login_devices",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.deviceHash] }), index("login_devices_last_login_idx").on(t.lastLoginAt)],
);

/**
 * The newsletter's list: addresses, since the footer subscribes an address without an account
 * (a customer is subscribed when its email is here). store_code is the language of its mails.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The key of the unsubscribe link in every newsletter mail (docs/decisions/0019): 256
     * random bits, kept as is so that every later mail can carry the same working link (its
     * only power is to take this address off the list). Null for a row made before links
     * existed: its next mail makes one. Unsubscribing deletes the row, so a used link is unknown.
     */
    unsubscribeToken: text("unsubscribe_token").unique(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${t.email})`)],
);

export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;

/**
 * A customer's wishlist (spec §3, §7; docs/decisions/0017): one per customer, made by the first
 * add (spec "first wishlist used"), for both stores (an account serves both).
 */
export const wishlists = pgTable("wishlists", {
  id: serial("id").primaryKey(),
  customerId: integer("customer_id")
    .notNull()
    .unique()
    .references(() => customers.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type WishlistRow = typeof wishlists.$inferSelect;

/** A product on a wishlist, once per wishlist (the API names it by its sku); newest first by added_at. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    wishlistId: integer("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wishlist_items_product_idx").on(t.wishlistId, t.productId),
    index("wishlist_items_added_idx").on(t.wishlistId, t.addedAt.desc(), t.id.desc()),
  ],
);

export type WishlistItemRow = typeof wishlistItems.$inferSelect;

/**
 * ALTCHA solutions already accepted (docs/decisions/0019): the challenge's nonce, kept until
 * the challenge would have expired anyway, so a solution counts once across every process.
 */
export const captchaSolutions = pgTable("captcha_solutions", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type CaptchaSolutionRow = typeof captchaSolutions.$inferSelect;

/**
 * Secrets the shop makes for itself when the operator gave none (the ALTCHA HMAC key): made
 * once by whichever process comes first, read by every other one.
 */
export const shopSecrets = pgTable("shop_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ShopSecretRow = typeof shopSecrets.$inferSelect;

// ---------------------------------------------------------------- loyalty programme (docs/decisions/0020)

/**
 * A membership of the loyalty programme (spec §1): one per customer, joined once. member_number
 * is the card's number: a prefix, the row's id and a Luhn check digit (lib/loyalty.ts), so a
 * mistyped digit is caught. store_code is where the member joined. A member who joined at a
 * brand store's till has no account yet (customer_id null) but an email; registering with
 * "I am a member" and that email links the two (spec §8, decision 0072).
 */
export const loyaltyMembers = pgTable(
  "loyalty_members",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .unique()
      .references(() => customers.id, { onDelete: "cascade" }),
    email: text("email"),
    memberNumber: text("member_number").notNull().unique(),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("loyalty_members_unlinked_email_idx").on(sql`lower(${t.email})`).where(sql`${t.customerId} IS NULL`),
    check("loyalty_members_owner", sql`${t.customerId} IS NOT NULL OR ${t.email} IS NOT NULL`),
  ],
);

export type LoyaltyMemberRow = typeof loyaltyMembers.$inferSelect;

/**
 * A customer's address book (docs/decisions/0018): the checkout's address fields, one of them
 * the default shipping address (at most one per customer, by the partial unique index).
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    company: text("company"),
    vatId: text("vat_id"),
    street: text("street").notNull(),
    postcode: text("postcode").notNull(),
    city: text("city").notNull(),
    countryCode: text("country_code").notNull(),
    telephone: text("telephone").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_addresses_customer_idx").on(t.customerId),
    uniqueIndex("customer_addresses_default_idx").on(t.customerId).where(sql`${t.isDefault}`),
  ],
);

export type CustomerAddressRow = typeof customerAddresses.$inferSelect;

// ---------------------------------------------------------------- engagement (search engine)

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search index (docs/decisions/0022): one document per product and store, built from the
 * catalogue's texts by server/engagement/indexer.ts and refreshed on every product change.
 * Prices and stock are not copied here: they are read live at query time.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    /** The product's name (full), brand, category names, description and colour labels in the store's language. */
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    categories: text("categories").notNull(),
    description: text("description").notNull(),
    colors: text("colors").notNull(),
    /** Weighted: name A (with the product types its compounds end with), brand and categories B, description and colours C; finnish or english config. */
    document: tsvector("document").notNull(),
    /** The product types found at the end of the name's compounds (decision 0076), e.g. "parka" of talviparka. */
    heads: text("heads"),
    /** The vocabulary (server/engagement/lexicon.ts) the document was built with: another is built again at start. */
    lexicon: text("lexicon"),
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeCode, t.productId] }),
    index("search_documents_document_idx").using("gin", t.document),
    // pg_trgm (prefixes and typos of the name).
    index("search_documents_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export type SearchDocumentRow = typeof searchDocuments.$inferSelect;

export const engagementSignalKind = pgEnum("engagement_signal_kind", ["click", "add_to_cart", "add_to_wishlist", "purchase"]);

/**
 * Behaviour signals (notifications), stored only with the shopper's marketing consent. Keys are
 * the random customer and session keys of the engagement cookies, never personal data.
 */
export const engagementSignals = pgTable(
  "engagement_signals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: engagementSignalKind("kind").notNull(),
    customerKey: text("customer_key"),
    sessionKey: text("session_key"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("engagement_signals_product_idx").on(t.productId, t.at),
    index("engagement_signals_customer_idx").on(t.customerKey, t.at),
    index("engagement_signals_session_idx").on(t.sessionKey, t.at),
    // The retention sweep deletes by age (server/engagement/repository.ts prune).
    index("engagement_signals_at_idx").on(t.at),
  ],
);

export type EngagementSignalRow = typeof engagementSignals.$inferSelect;

/**
 * Each product's popularity: the signals' weights, decayed with a 7-day half-life, kept as one
 * running score (score at `at`; now it is score × 0.5^(age / half-life)), so ranking reads one
 * row per product instead of summing its signals.
 */
export const productPopularity = pgTable("product_popularity", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  score: doublePrecision("score").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

export type ProductPopularityRow = typeof productPopularity.$inferSelect;

/** Searches a shopper made (search-page queries with consent): their recent searches. */
export const engagementSearches = pgTable(
  "engagement_searches",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    customerKey: text("customer_key"),
    sessionKey: text("session_key"),
    q: text("q").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("engagement_searches_customer_idx").on(t.customerKey, t.at),
    index("engagement_searches_session_idx").on(t.sessionKey, t.at),
    index("engagement_searches_at_idx").on(t.at),
  ],
);

export type EngagementSearchRow = typeof engagementSearches.$inferSelect;

// ---------------------------------------------------------------- CMS forms (docs/decisions/0028)

/**
 * A form a shopper sent from a page (the CMS Contact form, the accessibility statement's
 * feedback), kept as sent and mailed to customer service through the outbox in the same
 * transaction. `kind` says which form; the columns a kind does not ask for are null. An image
 * attachment lives under DATA_DIR/forms/<attachment_key> (a random name); its sent name and
 * checked type are kept for the mail.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"contact" | "accessibility-feedback">().notNull(),
    storeCode: text("store_code")
      .notNull()
      .references(() => stores.code),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    pageUrl: text("page_url"),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    attachmentBytes: integer("attachment_bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("form_submissions_created_idx").on(t.createdAt)],
);

export type FormSubmissionRow = typeof formSubmissions.$inferSelect;
export type NewFormSubmission = typeof formSubmissions.$inferInsert;
// ---------------------------------------------------------------- content (CMS, decision 0026)
// Contentful's content model kept in the shop: fields are stored as Contentful has them, keyed
// by field and then by locale code (`{ title: { "en-GB": "…", "fi-FI": "…" } }`), links as
// `{ sys: { type: "Link", linkType, id } }`. Only server/content/wire.ts reads that shape.

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** Content locales (en-GB default, fi-FI falling back to it); the shop's stores map en → en-GB, fi → fi-FI. */
export const contentLocales = pgTable("content_locales", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  /** The locale a missing value is taken from; null for the default. */
  fallbackCode: text("fallback_code"),
  isDefault: boolean("is_default").notNull().default(false),
  position: integer("position").notNull().default(0),
});

export type ContentLocaleRow = typeof contentLocales.$inferSelect;

/** A content type: its fields' definitions as Contentful writes them (id, name, type, localized, required, items…). */
export const contentTypes = pgTable("content_types", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  displayField: text("display_field"),
  fields: jsonb("fields").$type<Record<string, unknown>[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ContentTypeRow = typeof contentTypes.$inferSelect;

/**
 * An entry: its published fields (null: never published, a draft only) and its draft fields
 * (null: no unpublished changes). `revision` counts publications (Contentful's sys.revision).
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: text("id").primaryKey(),
    contentTypeId: text("content_type_id")
      .notNull()
      .references(() => contentTypes.id),
    revision: integer("revision").notNull().default(0),
    publishedFields: jsonb("published_fields").$type<Record<string, Record<string, unknown>>>(),
    draftFields: jsonb("draft_fields").$type<Record<string, Record<string, unknown>>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [index("content_entries_type_idx").on(t.contentTypeId, t.updatedAt)],
);

export type ContentEntryRow = typeof contentEntries.$inferSelect;

/**
 * The asset files' bytes, by file key (`<16 hex of sha-256>/<name>`): the one copy every process
 * shares. Each process keeps its own copy under DATA_DIR/content/<key>, written from here the first
 * time it is asked for, so an import on one host serves pictures on every host.
 */
export const contentFiles = pgTable("content_files", {
  key: text("key").primaryKey(),
  body: bytea("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ContentFileRow = typeof contentFiles.$inferSelect;

/** An asset: a file under DATA_DIR/content/<file_key> (named by its hash), served at /img/c/<file_key>. */
export const contentAssets = pgTable("content_assets", {
  id: text("id").primaryKey(),
  revision: integer("revision").notNull().default(1),
  /** Per locale code. */
  title: jsonb("title").$type<Record<string, string>>().notNull(),
  description: jsonb("description").$type<Record<string, string>>().notNull(),
  fileKey: text("file_key").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  size: integer("size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ContentAssetRow = typeof contentAssets.$inferSelect;

// ---------------------------------------------------------------- customer relationship reports (docs/decisions/0031)

/**
 * A paid order's report to the customer-relationship side (the loyalty programme's points and
 * the engagement engine's purchase signals), an outbox of its own: one row per order at most
 * (the unique order_id: a purchase is reported once however often it is asked for), written
 * only with the shopper's marketing consent at the time of purchase, with the keys, market and
 * touchpoint they had then. Delivered by server/crm/reports.ts with retries (next_at, attempts).
 */
export const crmReports = pgTable(
  "crm_reports",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    market: text("market").notNull(),
    locale: text("locale").notNull(),
    touchpoint: text("touchpoint").notNull(),
    customerKey: text("customer_key"),
    sessionKey: text("session_key"),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("crm_reports_due_idx").on(t.nextAt).where(sql`${t.deliveredAt} IS NULL`)],
);

export type CrmReportRow = typeof crmReports.$inferSelect;

/**
 * Loyalty points a member earned with a paid order (decision 0031): one row per order (its
 * primary key), so a purchase earns once; the balance is their sum.
 */
export const loyaltyPoints = pgTable(
  "loyalty_points",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => loyaltyMembers.id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("loyalty_points_member_idx").on(t.memberId), check("loyalty_points_positive", sql`${t.points} >= 0`)],
);

export type LoyaltyPointsRow = typeof loyaltyPoints.$inferSelect;

/**
 * Rate limits (docs/decisions/0035): one fixed window per key ("<limit>:<subject>", the subject a
 * client address, a cart id or an email), counted by one atomic upsert so that every process
 * shares the count. A row whose window has ended is dead weight: the hourly sweep deletes it.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_window_end_idx").on(t.windowEnd)],
);

export type RateLimitRow = typeof rateLimits.$inferSelect;
