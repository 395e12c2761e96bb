// Fills an empty, migrated database with the demo catalogue: two storefronts, a category
// tree, configurable garments and shoes, home products, gift cards, price histories,
// stock and images. Deterministic: the same options give the same rows (timestamps
// follow options.now). Everything runs in one transaction, so a failed seed leaves
// the database empty.
import { indexProducts } from "../../engagement/indexer.ts";
import { sql } from "drizzle-orm";
import { refreshProductListing } from "../../catalog/listing.ts";
import * as schema from "../schema.ts";
import type { Db } from "../client.ts";
import { buildCategories, type CategoryNode } from "./categories.ts";
import { bulkTable } from "./insert.ts";
import { configurableProducts, giftCards, simpleProducts, type IdCounter, type Lookups, type ProductSpec } from "./products.ts";
import { createRandom, streamSeed, type Random } from "./random.ts";
import { attributeValueRows, demoCouponRows, demoGiftCardRows, physicalStoreRows, storeRows } from "./reference-data.ts";
import { uid } from "./text.ts";
import { GIFT_CARD_EUROS, GIFT_WRAP, PERSONAL_TEXT, STORE_STOCK_WEIGHTS } from "./words.ts";

export interface SeedOptions {
  /** Configurable products to create (default 300); 20 home products and 3 gift cards come on top. */
  products?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedCounts {
  products: number;
  variants: number;
  categories: number;
}

const SEED = 20_260_101;
/** Products generated and inserted together, to bound memory on large catalogues. */
const PRODUCTS_PER_CHUNK = 1000;
/** Physical-store stock is only made for this many configurable products (it is per variant and store). */
const STORE_STOCK_PRODUCTS = 2000;
/**
 * From this many products on, the foreign keys of the big tables are dropped during the
 * load and re-created at the end, in the same transaction: PostgreSQL then checks each
 * key once over the whole table instead of row by row, which halves the time of a
 * 100,000-product seed. Smaller seeds stay plain inserts.
 */
const BULK_LOAD_PRODUCTS = 10_000;
const BULK_TABLES = ["product_translations", "product_categories", "variants", "media", "store_stock", "prices", "product_listing"];
const AVAILABILITIES = ["available", "low", "out_of_stock", "not_available", "verify_availability"] as const;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedCounts> {
  const count = options.products ?? 300;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  if (!Number.isInteger(count) || count < 0) throw new Error(`seedDemoData: products must be a whole number >= 0, got ${count}`);
  const random = (stream: string) => createRandom(streamSeed(SEED, stream));

  return db.transaction(async (tx) => {
    await assertEmpty(tx);
    // The stock and price triggers (migration 0003) skip a bulk load: the listing is built
    // once at the end, and no process has anything cached yet.
    await tx.execute(sql`SELECT set_config('kauppa.bulk_load', 'on', true)`);
    const categories = buildCategories();
    const root = categories[0];
    if (!root) throw new Error("seedDemoData: the category tree is empty");
    await tx.insert(schema.stores).values(storeRows(root.uid, now));
    const attributes = attributeValueRows();
    await tx.insert(schema.attributeValues).values(attributes);
    await insertCategories(tx, categories);
    const physicalStores = physicalStoreRows();
    await tx.insert(schema.physicalStores).values(physicalStores);
    await tx.insert(schema.coupons).values(demoCouponRows(now));
    await tx.insert(schema.giftCards).values(demoGiftCardRows());

    const lookups: Lookups = {
      colors: new Map(attributes.filter((a) => a.attributeCode === "color").map((a) => [a.code, a.id])),
      sizes: new Map(attributes.filter((a) => a.attributeCode === "size").map((a) => [a.code, a.id])),
      categories,
    };
    const ids: IdCounter = { product: 0, variant: 0, media: 0 };
    const writer = await productWriter(tx, now, physicalStores, random("store-stock"));
    const bulk = count >= BULK_LOAD_PRODUCTS;
    if (bulk) await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    const foreignKeys = bulk ? await dropForeignKeys(tx, BULK_TABLES) : [];

    const home = simpleProducts(random("simple"), ids, lookups, now);
    const cards = giftCards(random("gift-cards"), ids, lookups, now, (GIFT_CARD_EUROS[0] ?? 25) * 100);
    for (const product of [...home, ...cards]) writer.add(product, false);
    await writer.flush();

    let made = 0;
    for (const product of configurableProducts(random("configurable"), count, ids, lookups, now)) {
      writer.add(product, made < STORE_STOCK_PRODUCTS);
      made++;
      if (made % PRODUCTS_PER_CHUNK === 0) {
        await writer.flush();
        if (made % (PRODUCTS_PER_CHUNK * 10) === 0) log(`${made} / ${count} products`);
      }
    }
    await writer.flush();

    await insertCustomOptions(tx, home);
    await tx.insert(schema.giftCardAmounts).values(giftCardAmounts(cards));

    log("prices");
    await writer.expandPrices();
    log("listing");
    await tx.execute(sql`ANALYZE variants, prices`);
    await refreshProductListing(tx, undefined, now);
    log("search index");
    await indexProducts(tx, null);
    if (foreignKeys.length) log("foreign keys");
    await addForeignKeys(tx, foreignKeys);
    await resetSequences(tx);
    await tx.insert(schema.dataVersions).values({ name: "catalog", version: 1 }).onConflictDoNothing();
    return { products: ids.product, variants: ids.variant, categories: categories.length };
  });
}

async function assertEmpty(tx: Tx) {
  const result = await tx.execute<{ used: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM stores) OR EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM categories) AS used`,
  );
  if (result.rows[0]?.used) throw new Error("seedDemoData needs an empty database, but it already holds stores, categories or products.");
}

async function insertCategories(tx: Tx, categories: CategoryNode[]) {
  await tx.insert(schema.categories).values(
    categories.map((c) => ({
      id: c.id,
      uid: c.uid,
      parentId: c.parentId,
      level: c.level,
      path: c.path,
      position: c.position,
      includeInMenu: c.includeInMenu,
      topLevelClickable: true,
      availableSortBy: c.availableSortBy,
      defaultSortBy: c.defaultSortBy,
    })),
  );
  await tx
    .insert(schema.categoryTranslations)
    .values(categories.flatMap((c) => Object.entries(c.texts).map(([locale, text]) => ({ categoryId: c.id, locale, ...text }))));
}

/**
 * Buffers products as rows of every table they touch and writes them chunk by chunk.
 * Prices are kept per product in a temporary table and expanded to every variant and
 * store in SQL at the end: they are by far the most rows, and all variants of a product
 * follow one history.
 */
async function productWriter(tx: Tx, now: Date, physicalStores: { id: number; code: string }[], random: Random) {
  await tx.execute(
    sql`CREATE TEMP TABLE seed_price_points (product_id int, valid_from timestamptz, regular_cents int, final_cents int) ON COMMIT DROP`,
  );
  await tx.execute(sql`CREATE TEMP TABLE seed_surcharges (variant_id int PRIMARY KEY, cents int) ON COMMIT DROP`);
  const stamp = now.toISOString();
  const tables = {
    products: bulkTable("products", {
      id: "int",
      sku: "text",
      type: "product_type",
      brand: "text",
      style_code: "text",
      gift_card_type: "text",
      features: "jsonb",
      image_kind: "text",
      position: "int",
      created_at: "timestamptz",
      updated_at: "timestamptz",
    }),
    texts: bulkTable("product_translations", {
      product_id: "int",
      locale: "text",
      name: "text",
      url_key: "text",
      description: "text",
      meta_title: "text",
      meta_description: "text",
    }),
    categories: bulkTable("product_categories", { product_id: "int", category_id: "int", position: "int" }),
    variants: bulkTable("variants", {
      id: "int",
      product_id: "int",
      sku: "text",
      color_id: "int",
      size_id: "int",
      position: "int",
      stock: "int",
    }),
    media: bulkTable("media", { id: "int", product_id: "int", color_id: "int", key: "text", labels: "jsonb", position: "int" }),
    pricePoints: bulkTable("seed_price_points", { product_id: "int", valid_from: "timestamptz", regular_cents: "int", final_cents: "int" }),
    surcharges: bulkTable("seed_surcharges", { variant_id: "int", cents: "int" }),
    storeStock: bulkTable("store_stock", { variant_id: "int", physical_store_id: "int", status: "store_availability" }),
  };
  const categoryPositions = new Map<number, number>();

  return {
    add(p: ProductSpec, withStoreStock: boolean) {
      tables.products.add({
        id: p.id,
        sku: p.sku,
        type: p.type,
        brand: p.brand,
        style_code: p.styleCode,
        gift_card_type: p.giftCardType,
        features: p.features,
        image_kind: p.imageKind,
        position: p.position,
        created_at: p.createdAt.toISOString(),
        updated_at: stamp,
      });
      for (const [locale, t] of Object.entries(p.texts)) {
        tables.texts.add({
          product_id: p.id,
          locale,
          name: t.name,
          url_key: t.urlKey,
          description: t.description,
          meta_title: t.metaTitle,
          meta_description: t.metaDescription,
        });
      }
      for (const categoryId of p.categoryIds) {
        const position = categoryPositions.get(categoryId) ?? 0;
        categoryPositions.set(categoryId, position + 1);
        tables.categories.add({ product_id: p.id, category_id: categoryId, position });
      }
      for (const v of p.variants) {
        tables.variants.add({
          id: v.id,
          product_id: p.id,
          sku: v.sku,
          color_id: v.colorId,
          size_id: v.sizeId,
          position: v.position,
          stock: v.stock,
        });
        if (v.surchargeCents) tables.surcharges.add({ variant_id: v.id, cents: v.surchargeCents });
        if (withStoreStock) {
          for (const store of physicalStores) {
            const weights = STORE_STOCK_WEIGHTS[store.code as keyof typeof STORE_STOCK_WEIGHTS] ?? [1];
            tables.storeStock.add({ variant_id: v.id, physical_store_id: store.id, status: random.weighted(AVAILABILITIES, weights) });
          }
        }
      }
      for (const m of p.media) {
        tables.media.add({ id: m.id, product_id: p.id, color_id: m.colorId, key: m.key, labels: m.labels, position: m.position });
      }
      for (const point of p.prices) {
        tables.pricePoints.add({
          product_id: p.id,
          valid_from: point.validFrom.toISOString(),
          regular_cents: point.regularCents,
          final_cents: point.finalCents,
        });
      }
    },
    /** Writes in dependency order: products before the rows that reference them. */
    async flush() {
      for (const table of Object.values(tables)) await table.flush(tx);
    },
    async expandPrices() {
      await tx.execute(sql`ANALYZE seed_price_points, seed_surcharges, variants`);
      // Ordered by the primary key, so the index is built by appending.
      await tx.execute(sql`
        INSERT INTO prices (variant_id, store_code, valid_from, regular_cents, final_cents)
        SELECT v.id, s.code, p.valid_from, p.regular_cents + coalesce(x.cents, 0), p.final_cents + coalesce(x.cents, 0)
        FROM variants v
        JOIN seed_price_points p ON p.product_id = v.product_id
        CROSS JOIN stores s
        LEFT JOIN seed_surcharges x ON x.variant_id = v.id
        ORDER BY v.id, s.code, p.valid_from`);
    },
  };
}

/** An engraving or embroidery text and a gift-wrap choice on the home products that offer them. */
async function insertCustomOptions(tx: Tx, products: ProductSpec[]) {
  let optionId = 0;
  let valueId = 0;
  const options: (typeof schema.customOptions.$inferInsert)[] = [];
  const values: (typeof schema.customOptionValues.$inferInsert)[] = [];
  for (const product of products) {
    if (!product.customizable) continue;
    const textId = ++optionId;
    options.push({
      id: textId,
      uid: uid("custom-option", textId),
      productId: product.id,
      type: "area",
      titles: { ...PERSONAL_TEXT[product.customizable] },
      required: false,
      sortOrder: 1,
      maxCharacters: 20,
      priceType: "FIXED",
      priceCents: 500,
    });
    const wrapId = ++optionId;
    options.push({
      id: wrapId,
      uid: uid("custom-option", wrapId),
      productId: product.id,
      type: "drop_down",
      titles: { ...GIFT_WRAP.title },
      required: false,
      sortOrder: 2,
      priceType: "FIXED",
      priceCents: 0,
    });
    GIFT_WRAP.values.forEach((value, i) => {
      const id = ++valueId;
      values.push({
        id,
        uid: uid("custom-option-value", id),
        optionId: wrapId,
        titles: { ...value.title },
        sortOrder: i + 1,
        priceType: "FIXED",
        priceCents: value.cents,
        giftWrap: value.wraps,
      });
    });
  }
  if (options.length) await tx.insert(schema.customOptions).values(options);
  if (values.length) await tx.insert(schema.customOptionValues).values(values);
}

function giftCardAmounts(cards: ProductSpec[]) {
  return cards.flatMap((card) =>
    GIFT_CARD_EUROS.map((euros, position) => ({
      uid: uid("giftcard-amount", `${card.id}/${euros}`),
      productId: card.id,
      amountCents: euros * 100,
      position,
    })),
  );
}

/** Rows were inserted with explicit ids: move each serial past them. */
async function resetSequences(tx: Tx) {
  const tables = [
    "categories",
    "attribute_values",
    "products",
    "variants",
    "gift_card_amounts",
    "custom_options",
    "custom_option_values",
    "media",
    "physical_stores",
  ];
  for (const table of tables) {
    await tx.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM "${table}"), false)`),
    );
  }
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

async function dropForeignKeys(tx: Tx, tables: string[]): Promise<ForeignKey[]> {
  const result = await tx.execute<ForeignKey & Record<string, unknown>>(sql`
    SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(${sql.param(tables)}::regclass[])
    ORDER BY 1, 2`);
  for (const fk of result.rows) await tx.execute(sql.raw(`ALTER TABLE ${fk.table} DROP CONSTRAINT "${fk.name}"`));
  return result.rows;
}

/** Re-creates the keys under their own names and definitions; adding one checks every row. */
async function addForeignKeys(tx: Tx, foreignKeys: ForeignKey[]) {
  for (const fk of foreignKeys) await tx.execute(sql.raw(`ALTER TABLE ${fk.table} ADD CONSTRAINT "${fk.name}" ${fk.definition}`));
}
