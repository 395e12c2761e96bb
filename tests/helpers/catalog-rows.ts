// Products picked straight from a test database, for cart and checkout tests: a variant of
// a configurable product (with its colour and size uids) whose stock a test sets itself.
import type pg from "pg";

export interface TestVariant {
  variantId: number;
  productSku: string;
  variantSku: string;
  colorUid: string;
  sizeUid: string;
}

/** The n-th sellable variant of a configurable product (each n a different product). */
export async function configurableVariant(pool: pg.Pool, n = 0, stock = 10): Promise<TestVariant> {
  const { rows } = await pool.query<TestVariant>(
    `SELECT DISTINCT ON (p.id) v.id AS "variantId", p.sku AS "productSku", v.sku AS "variantSku",
            c.uid AS "colorUid", s.uid AS "sizeUid"
       FROM variants v
       JOIN products p ON p.id = v.product_id
       JOIN attribute_values c ON c.id = v.color_id
       JOIN attribute_values s ON s.id = v.size_id
      WHERE p.type = 'ConfigurableProduct' AND p.enabled
        AND EXISTS (SELECT 1 FROM prices pr WHERE pr.variant_id = v.id)
      ORDER BY p.id, v.position
      OFFSET $1 LIMIT 1`,
    [n],
  );
  const variant = rows[0];
  if (!variant) throw new Error(`no configurable variant number ${n}`);
  await pool.query("UPDATE variants SET stock = $2 WHERE id = $1", [variant.variantId, stock]);
  return variant;
}

/** Gives a variant one known price in every store (regular = final, 60 days old), so totals can be checked to the cent. */
export async function setFixedPrice(pool: pg.Pool, variantId: number, cents: number): Promise<void> {
  await pool.query("DELETE FROM prices WHERE variant_id = $1", [variantId]);
  await pool.query(
    `INSERT INTO prices (variant_id, store_code, regular_cents, final_cents, valid_from)
     SELECT $1, code, $2, $2, now() - interval '60 days' FROM stores`,
    [variantId, cents],
  );
}

export interface TestGiftCard {
  sku: string;
  amountUid: string;
  amountCents: number;
  physical: boolean;
}

export async function giftCardProduct(pool: pg.Pool, physical = false): Promise<TestGiftCard> {
  const { rows } = await pool.query<TestGiftCard>(
    `SELECT p.sku, a.uid AS "amountUid", a.amount_cents AS "amountCents", p.gift_card_type = 'PHYSICAL' AS physical
       FROM products p JOIN gift_card_amounts a ON a.product_id = p.id
      WHERE p.type = 'GiftCardProduct' AND (p.gift_card_type = 'PHYSICAL') = $1
      ORDER BY p.id, a.amount_cents LIMIT 1`,
    [physical],
  );
  const card = rows[0];
  if (!card) throw new Error("no gift card product");
  return card;
}

export interface TestGiftWrap {
  productSku: string;
  optionUid: string;
  /** The value that gift-wraps the line, and the one that does not. */
  wrapUid: string;
  plainUid: string;
  wrapCents: number;
}

/** A product that offers gift wrapping as a custom option (the demo's home products), in stock. */
export async function giftWrapProduct(pool: pg.Pool): Promise<TestGiftWrap> {
  const { rows } = await pool.query<TestGiftWrap & { productId: number }>(
    `SELECT p.id AS "productId", p.sku AS "productSku", o.uid AS "optionUid", w.uid AS "wrapUid", n.uid AS "plainUid",
            w.price_cents AS "wrapCents"
       FROM custom_options o
       JOIN products p ON p.id = o.product_id AND p.enabled
       JOIN custom_option_values w ON w.option_id = o.id AND w.gift_wrap
       JOIN custom_option_values n ON n.option_id = o.id AND NOT n.gift_wrap
      ORDER BY p.id LIMIT 1`,
  );
  const found = rows[0];
  if (!found) throw new Error("no product offers gift wrapping");
  await pool.query("UPDATE variants SET stock = 100 WHERE product_id = $1", [found.productId]);
  return found;
}
