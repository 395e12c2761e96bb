// Cart queries. Every function runs on the executor it was made with: the pool for reads,
// the write's transaction for everything a write does (a transaction never waits for a
// second pool connection). No query runs per item in a loop when reading a cart.
import { sql } from "drizzle-orm";
import type { PickupPoint } from "../../lib/pickup-points.ts";
import { pricePeriods } from "../catalog/repository.ts";
import { type Db, executeNamed } from "../db/client.ts";
import { createLimiter, type Limiter } from "../limiter.ts";

/** A database or a transaction: anything that runs SQL. */
export type SqlExecutor = Pick<Db, "execute" | "_">;

/** A pickup point's row: its opening hours in every language. */
export type PickupPointRecord = Omit<PickupPoint, "opening_hours"> & { opening_hours: Record<string, string> };

export interface CartRow {
  id: string;
  store_code: string;
  customer_id: number | null;
  status: "active" | "ordered";
  coupon_code: string | null;
  gift_card_code: string | null;
  /** The gift card's balance when it was applied: the order step refuses a card that now pays less. */
  gift_card_balance_cents: number | null;
  order_comment: string | null;
  loyalty_card_number: string | null;
  /** The member's number was offered once (decision 0020): what the shopper then does with it stands. */
  loyalty_card_prefilled: boolean;
  finnair_plus_number: string | null;
  expires_at: Date | null;
  shipping_address: Record<string, string> | null;
  shipping_method: string | null;
  pickup_store: string | null;
  pickup_point_id: number | null;
  billing_address: Record<string, string> | null;
  billing_same_as_shipping: boolean;
  payment_method: string | null;
}

export interface CouponRow {
  code: string;
  kind: "percent" | "fixed";
  value: number;
  min_subtotal_cents: number;
  valid_from: Date | null;
  valid_to: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  store_code: string | null;
}

export interface GiftCardRow {
  code: string;
  balance_cents: number;
  store_code: string | null;
  expires_at: Date | null;
}

/** The stored columns of a cart line. */
interface LineColumns {
  id: number;
  variant_id: number;
  quantity: number;
  /** Counts the line's changes: a change made on an older version is refused (decision 0011). */
  version: number;
  amount_cents: number | null;
  sender_name: string | null;
  sender_email: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  message: string | null;
  options: Record<string, string>;
}

/** A cart line with what showing and pricing it needs. */
export interface ItemViewRow extends LineColumns {
  variant_sku: string;
  stock: number | null;
  product_id: number;
  product_sku: string;
  type: "SimpleProduct" | "ConfigurableProduct" | "GiftCardProduct";
  brand: string;
  tax_class: string;
  gift_card_type: string | null;
  enabled: boolean;
  name: string | null;
  url_key: string | null;
  image: { key: string; labels: Record<string, string> } | null;
  color: { id: number; uid: string; labels: Record<string, string> } | null;
  size: { id: number; uid: string; labels: Record<string, string> } | null;
  /** The variant's price history in the store, oldest first (valid_from as JSON writes a timestamp). */
  prices: { valid_from: string; regular_cents: number; final_cents: number }[];
  /** Whether the product has custom options (only then are they read). */
  has_options: boolean;
}

export interface ItemRow extends LineColumns {
  options_hash: string;
}

export interface ProductForCart {
  id: number;
  sku: string;
  type: "SimpleProduct" | "ConfigurableProduct" | "GiftCardProduct";
  enabled: boolean;
}

export interface VariantForCart {
  id: number;
  product_id: number;
  sku: string;
  stock: number | null;
  color_uid: string | null;
  size_uid: string | null;
}

export interface CustomOptionRow {
  uid: string;
  product_id: number;
  type: string;
  titles: Record<string, string>;
  required: boolean;
  sort_order: number;
  max_characters: number | null;
  price_type: string;
  price_cents: number;
  values: {
    uid: string;
    titles: Record<string, string>;
    sort_order: number;
    price_type: string;
    price_cents: number;
    gift_wrap: boolean;
  }[];
}

export interface NewItem {
  cartId: string;
  variantId: number;
  quantity: number;
  amountCents: number | null;
  senderName: string | null;
  senderEmail: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
  options: Record<string, string>;
  optionsHash: string;
}

export type CartFields = Partial<{
  coupon_code: string | null;
  gift_card_code: string | null;
  gift_card_balance_cents: number | null;
  order_comment: string | null;
  loyalty_card_number: string | null;
  loyalty_card_prefilled: boolean;
  finnair_plus_number: string | null;
  shipping_address: Record<string, string> | null;
  shipping_method: string | null;
  pickup_store: string | null;
  pickup_point_id: number | null;
  billing_address: Record<string, string> | null;
  billing_same_as_shipping: boolean;
  payment_method: string | null;
  status: "active" | "ordered";
}>;

const CART_COLUMNS = sql`id, store_code, customer_id, status, coupon_code, gift_card_code, gift_card_balance_cents, order_comment,
  loyalty_card_number, loyalty_card_prefilled, finnair_plus_number, expires_at, shipping_address, shipping_method, pickup_store, pickup_point_id, billing_address,
  billing_same_as_shipping, payment_method`;
const ITEM_COLUMNS = sql`id, variant_id, quantity, version, amount_cents, sender_name, sender_email, recipient_name, recipient_email,
  message, options, options_hash`;

const array = (values: readonly (number | string)[]) => sql.param(values);

export function cartQueries(q: SqlExecutor) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await q.execute(query)).rows as T[];
  const first = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0];
  /** As rows, planned once per connection (for the few queries that run on every cart write). */
  const named = async <T>(name: string, query: ReturnType<typeof sql>) => (await executeNamed(q, name, query)).rows as T[];

  return {
    insertCart: (id: string, storeCode: string, now: Date, expiresAt: Date | null, customerId: number | null = null) =>
      q.execute(sql`INSERT INTO carts (id, store_code, customer_id, created_at, updated_at, expires_at)
        VALUES (${id}, ${storeCode}, ${customerId}, ${now.toISOString()}, ${now.toISOString()}, ${expiresAt?.toISOString() ?? null})`),

    cart: async (id: string) => (await named<CartRow>("cart", sql`SELECT ${CART_COLUMNS} FROM carts WHERE id = ${id}`))[0],

    /** The cart row, locked until the transaction ends: writes to one cart happen one at a time. */
    lockCart: async (id: string) =>
      (await named<CartRow>("cart_lock", sql`SELECT ${CART_COLUMNS} FROM carts WHERE id = ${id} FOR UPDATE`))[0],

    /** Records a change: updated_at, and for guest carts a new expiry; answers the cart as it now is (one round trip). */
    touchCart: (id: string, now: Date, expiresAt: Date | null) =>
      first<CartRow>(sql`UPDATE carts SET updated_at = ${now.toISOString()},
        expires_at = CASE WHEN customer_id IS NULL THEN ${expiresAt?.toISOString() ?? null}::timestamptz ELSE expires_at END
        WHERE id = ${id} RETURNING ${CART_COLUMNS}`),

    async updateCart(id: string, fields: CartFields) {
      const sets = Object.entries(fields).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
      if (sets.length === 0) return;
      await q.execute(sql`UPDATE carts SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    },

    /** The customer's open cart in a store, the latest changed (a customer keeps one per store). */
    customerCartId: async (customerId: number, storeCode: string) =>
      (
        await first<{ id: string }>(sql`SELECT id FROM carts WHERE customer_id = ${customerId} AND store_code = ${storeCode}
          AND status = 'active' ORDER BY updated_at DESC LIMIT 1`)
      )?.id ?? null,

    /** The customer's loyalty member number (server/loyalty, decision 0020), or null before joining. */
    loyaltyMemberNumber: async (customerId: number) =>
      (await first<{ member_number: string }>(sql`SELECT member_number FROM loyalty_members WHERE customer_id = ${customerId}`))
        ?.member_number ?? null,

    /** A guest cart becomes the customer's: no expiry, reachable only with their session. */
    claimCart: async (id: string, customerId: number) =>
      ((await q.execute(sql`UPDATE carts SET customer_id = ${customerId}, expires_at = NULL WHERE id = ${id} AND customer_id IS NULL`))
        .rowCount ?? 0) > 0,

    deleteCart: (id: string) => q.execute(sql`DELETE FROM carts WHERE id = ${id}`),

    /** The brand's stores, where store pickup can be chosen. */
    pickupStores: () =>
      rows<{ code: string; name: string; city: string; address: string }>(
        sql`SELECT code, name, city, address FROM physical_stores ORDER BY position, id`,
      ),

    /** Carriers' pickup points, for the pickup_point method (opening hours in every language). */
    pickupPoints: () =>
      rows<PickupPointRecord>(
        sql`SELECT id, carrier, name, street, postcode, city, country_code, opening_hours FROM pickup_points ORDER BY id`,
      ),

    /** Guest carts past their expiry (a maintenance job calls this); returns how many went. */
    deleteExpired: async (now: Date, limit: number) =>
      (
        await q.execute(sql`DELETE FROM carts WHERE id IN (
          SELECT id FROM carts WHERE expires_at < ${now.toISOString()} ORDER BY expires_at LIMIT ${limit})`)
      ).rowCount ?? 0,

    /**
     * The cart's lines with product, variant, texts in the locale, the image of the variant's
     * colour and the variant's price history in the store: one round trip for what pricing reads.
     */
    itemsForView: (cartId: string, locale: string, storeCode: string) =>
      named<ItemViewRow>(
        "cart_items_for_view",
        sql`
        SELECT i.id, i.variant_id, i.quantity, i.version, i.amount_cents, i.sender_name, i.sender_email, i.recipient_name,
               i.recipient_email, i.message, i.options,
               v.sku AS variant_sku, v.stock, p.id AS product_id, p.sku AS product_sku, p.type, p.brand, p.tax_class, p.gift_card_type, p.enabled,
               coalesce(t.name, te.name) AS name, coalesce(t.url_key, te.url_key) AS url_key,
               (SELECT jsonb_build_object('key', m.key, 'labels', m.labels) FROM media m
                 WHERE m.product_id = p.id AND (m.color_id IS NULL OR m.color_id = v.color_id)
                 ORDER BY (m.color_id IS NULL), m.position, m.id LIMIT 1) AS image,
               CASE WHEN c.id IS NULL THEN NULL ELSE jsonb_build_object('id', c.id, 'uid', c.uid, 'labels', c.labels) END AS color,
               CASE WHEN s.id IS NULL THEN NULL ELSE jsonb_build_object('id', s.id, 'uid', s.uid, 'labels', s.labels) END AS size,
               (SELECT coalesce(jsonb_agg(jsonb_build_object('valid_from', pr.valid_from,
                         'regular_cents', pr.regular_cents, 'final_cents', pr.final_cents) ORDER BY pr.valid_from), '[]')
                 FROM prices pr WHERE pr.variant_id = i.variant_id AND pr.store_code = ${storeCode}) AS prices,
               EXISTS (SELECT 1 FROM custom_options o WHERE o.product_id = p.id) AS has_options
        FROM cart_items i
        JOIN variants v ON v.id = i.variant_id
        JOIN products p ON p.id = v.product_id
        LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
        LEFT JOIN product_translations te ON te.product_id = p.id AND te.locale = 'en'
        LEFT JOIN attribute_values c ON c.id = v.color_id
        LEFT JOIN attribute_values s ON s.id = v.size_id
        WHERE i.cart_id = ${cartId}
        ORDER BY i.id`,
      ),

    items: (cartId: string) => rows<ItemRow>(sql`SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = ${cartId} ORDER BY id`),

    item: (cartId: string, itemId: number) =>
      first<ItemRow>(sql`SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = ${cartId} AND id = ${itemId}`),

    /** Units of a variant over every line of the cart (lines differ by options). */
    variantQuantity: async (cartId: string, variantId: number) =>
      (
        await first<{ n: number }>(
          sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM cart_items WHERE cart_id = ${cartId} AND variant_id = ${variantId}`,
        )
      )?.n ?? 0,

    insertItem: async (item: NewItem, now: Date) =>
      (
        await first<{ id: number }>(sql`
          INSERT INTO cart_items (cart_id, variant_id, quantity, amount_cents, sender_name, sender_email, recipient_name,
            recipient_email, message, options, options_hash, created_at, updated_at)
          VALUES (${item.cartId}, ${item.variantId}, ${item.quantity}, ${item.amountCents}, ${item.senderName}, ${item.senderEmail},
            ${item.recipientName}, ${item.recipientEmail}, ${item.message}, ${JSON.stringify(item.options)}::jsonb, ${item.optionsHash},
            ${now.toISOString()}, ${now.toISOString()})
          RETURNING id`)
      )?.id,

    findLine: (cartId: string, variantId: number, optionsHash: string) =>
      first<ItemRow>(sql`SELECT ${ITEM_COLUMNS} FROM cart_items
        WHERE cart_id = ${cartId} AND variant_id = ${variantId} AND options_hash = ${optionsHash}`),

    setQuantity: (itemId: number, quantity: number, now: Date) =>
      q.execute(sql`UPDATE cart_items SET quantity = ${quantity}, version = version + 1, updated_at = ${now.toISOString()}
        WHERE id = ${itemId}`),

    deleteItem: (itemId: number) => q.execute(sql`DELETE FROM cart_items WHERE id = ${itemId}`),

    productBySku: (sku: string) => first<ProductForCart>(sql`SELECT id, sku, type, enabled FROM products WHERE sku = ${sku}`),

    variantBySku: (sku: string) =>
      first<VariantForCart & { product: ProductForCart }>(sql`
        SELECT v.id, v.product_id, v.sku, v.stock, c.uid AS color_uid, s.uid AS size_uid,
               jsonb_build_object('id', p.id, 'sku', p.sku, 'type', p.type, 'enabled', p.enabled) AS product
        FROM variants v JOIN products p ON p.id = v.product_id
        LEFT JOIN attribute_values c ON c.id = v.color_id LEFT JOIN attribute_values s ON s.id = v.size_id
        WHERE v.sku = ${sku}`),

    variantsOf: (productId: number) =>
      rows<VariantForCart>(sql`
        SELECT v.id, v.product_id, v.sku, v.stock, c.uid AS color_uid, s.uid AS size_uid
        FROM variants v LEFT JOIN attribute_values c ON c.id = v.color_id LEFT JOIN attribute_values s ON s.id = v.size_id
        WHERE v.product_id = ${productId} ORDER BY v.position, v.id`),

    variantById: (id: number) =>
      first<VariantForCart>(sql`
        SELECT v.id, v.product_id, v.sku, v.stock, c.uid AS color_uid, s.uid AS size_uid
        FROM variants v LEFT JOIN attribute_values c ON c.id = v.color_id LEFT JOIN attribute_values s ON s.id = v.size_id
        WHERE v.id = ${id}`),

    /** Stock of variants (null: not managed). */
    stocks: async (variantIds: number[]) => {
      const result = await rows<{ id: number; stock: number | null }>(
        sql`SELECT id, stock FROM variants WHERE id = ANY(${array(variantIds)}::int[])`,
      );
      return new Map(result.map((r) => [r.id, r.stock]));
    },

    giftCardAmounts: (productId: number) =>
      rows<{ uid: string; amount_cents: number }>(
        sql`SELECT uid, amount_cents FROM gift_card_amounts WHERE product_id = ${productId} ORDER BY position, amount_cents`,
      ),

    customOptions: (productIds: number[]) =>
      rows<CustomOptionRow>(sql`
        SELECT o.uid, o.product_id, o.type, o.titles, o.required, o.sort_order, o.max_characters, o.price_type, o.price_cents,
               coalesce(jsonb_agg(jsonb_build_object('uid', v.uid, 'titles', v.titles, 'sort_order', v.sort_order,
                 'price_type', v.price_type, 'price_cents', v.price_cents, 'gift_wrap', v.gift_wrap) ORDER BY v.sort_order, v.id)
                 FILTER (WHERE v.id IS NOT NULL), '[]') AS values
        FROM custom_options o LEFT JOIN custom_option_values v ON v.option_id = o.id
        WHERE o.product_id = ANY(${array(productIds)}::int[])
        GROUP BY o.id ORDER BY o.sort_order, o.id`),

    /** Price history of variants in a store, oldest first. */
    pricePeriods: (variantIds: number[], storeCode: string) => pricePeriods(q, variantIds, storeCode),

    taxRates: async () => {
      const result = await rows<{ tax_class: string; rate_bp: number }>(sql`SELECT tax_class, rate_bp FROM tax_rates`);
      return new Map(result.map((r) => [r.tax_class, r.rate_bp]));
    },

    coupon: (code: string) =>
      first<CouponRow>(sql`
        SELECT code, kind, value, min_subtotal_cents, valid_from, valid_to, max_uses, max_uses_per_customer, uses, store_code
        FROM coupons WHERE code = ${code}`),

    /** Orders of one customer that redeemed a coupon. */
    customerCouponUses: async (code: string, customerId: number) =>
      (
        await first<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM coupon_redemptions WHERE coupon_code = ${code} AND customer_id = ${customerId}`,
        )
      )?.n ?? 0,

    giftCard: (code: string) =>
      first<GiftCardRow>(sql`SELECT code, balance_cents, store_code, expires_at FROM gift_cards WHERE code = ${code}`),
  };
}

export type CartQueries = ReturnType<typeof cartQueries>;

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function createCartRepository(db: Db, writers: Limiter = createLimiter(DEFAULT_WRITERS)) {
  return {
    ...cartQueries(db),
    /**
     * Runs fn in one transaction: every write of a request commits together or not at all.
     * Writes take turns (`writers`), so they never hold every connection the reads need.
     */
    transaction: <T>(fn: (queries: CartQueries, tx: Transaction) => Promise<T>) =>
      writers.run(() => db.transaction((tx) => fn(cartQueries(tx), tx))),
  };
}

/** Write transactions at once unless configured (CART_WRITE_CONCURRENCY): half the default pool. */
export const DEFAULT_WRITERS = 5;

export type CartRepository = ReturnType<typeof createCartRepository>;
