CREATE TABLE "product_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"listing" boolean NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_changes_xid_idx" ON "product_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "product_changes_at_idx" ON "product_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "prices_valid_from_idx" ON "prices" USING btree ("valid_from");--> statement-breakpoint
-- Hand-written from here on (re-append after regenerating): the listing summary as one
-- function, and the triggers that keep it and every process's caches fresh (decision 0001).
-- refresh_product_listing: per product and store, the current price range and stock summary
-- at `moment` (products NULL: all). Prices range over the in-stock variants (over all when none
-- is), as the product summaries do; rows of products without a current price are removed.
-- Refreshes are serialised by a transaction-level advisory lock taken in its own statement:
-- two orders selling out two sizes of one product at once would otherwise each compute the
-- row from a snapshot that still sees the other size in stock, and the later write would say
-- "in stock". The next statement's snapshot is taken after the lock is granted, so after the
-- other transaction committed. One constant key (not one per product): two orders refreshing
-- products in different orders cannot deadlock on it. Sell-outs and price writes are rare.
CREATE FUNCTION refresh_product_listing(products integer[], moment timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7205431119);
  WITH current_prices AS (
    SELECT DISTINCT ON (p.variant_id, p.store_code) p.variant_id, p.store_code, p.regular_cents, p.final_cents
    FROM prices p
    WHERE p.valid_from <= moment
      AND (products IS NULL OR p.variant_id IN (SELECT id FROM variants WHERE product_id = ANY(products)))
    ORDER BY p.variant_id, p.store_code, p.valid_from DESC
  ),
  fresh AS (
    SELECT v.product_id, c.store_code,
      coalesce(min(c.final_cents) FILTER (WHERE v.stock IS NULL OR v.stock > 0), min(c.final_cents)) AS min_final_cents,
      coalesce(max(c.final_cents) FILTER (WHERE v.stock IS NULL OR v.stock > 0), max(c.final_cents)) AS max_final_cents,
      coalesce(min(c.regular_cents) FILTER (WHERE v.stock IS NULL OR v.stock > 0), min(c.regular_cents)) AS min_regular_cents,
      coalesce(max(c.regular_cents) FILTER (WHERE v.stock IS NULL OR v.stock > 0), max(c.regular_cents)) AS max_regular_cents,
      bool_or(v.stock IS NULL OR v.stock > 0) AS in_stock,
      coalesce(array_agg(DISTINCT v.color_id ORDER BY v.color_id)
        FILTER (WHERE (v.stock IS NULL OR v.stock > 0) AND v.color_id IS NOT NULL), '{}') AS color_ids,
      coalesce(array_agg(DISTINCT v.size_id ORDER BY v.size_id)
        FILTER (WHERE (v.stock IS NULL OR v.stock > 0) AND v.size_id IS NOT NULL), '{}') AS size_ids
    FROM current_prices c JOIN variants v ON v.id = c.variant_id
    GROUP BY v.product_id, c.store_code
  ),
  removed AS (
    DELETE FROM product_listing l
    WHERE (products IS NULL OR l.product_id = ANY(products))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.product_id = l.product_id AND f.store_code = l.store_code)
  )
  INSERT INTO product_listing AS l (product_id, store_code, min_final_cents, max_final_cents, min_regular_cents, max_regular_cents,
                                    in_stock, color_ids, size_ids)
  SELECT f.product_id, f.store_code, f.min_final_cents, f.max_final_cents, f.min_regular_cents, f.max_regular_cents,
         f.in_stock, f.color_ids, f.size_ids
  FROM fresh f
  ON CONFLICT (store_code, product_id) DO UPDATE SET
    min_final_cents = excluded.min_final_cents,
    max_final_cents = excluded.max_final_cents,
    min_regular_cents = excluded.min_regular_cents,
    max_regular_cents = excluded.max_regular_cents,
    in_stock = excluded.in_stock,
    color_ids = excluded.color_ids,
    size_ids = excluded.size_ids
  WHERE (l.min_final_cents, l.max_final_cents, l.min_regular_cents, l.max_regular_cents, l.in_stock, l.color_ids, l.size_ids)
    IS DISTINCT FROM (excluded.min_final_cents, excluded.max_final_cents, excluded.min_regular_cents, excluded.max_regular_cents,
                      excluded.in_stock, excluded.color_ids, excluded.size_ids);
END $$;
--> statement-breakpoint
-- Logs a product change and tells every listening process at commit ("<id>:<product>:<0|1>").
CREATE FUNCTION record_product_change(product integer, listing boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  change_id bigint;
BEGIN
  INSERT INTO product_changes (product_id, listing) VALUES (product, listing) RETURNING id INTO change_id;
  PERFORM pg_notify('product_changes', change_id || ':' || product || ':' || CASE WHEN listing THEN '1' ELSE '0' END);
END $$;
--> statement-breakpoint
-- A stock change a shopper can see: in stock ↔ sold out (listing refreshed: in_stock, size and
-- colour filters, price range over in-stock variants), or a move within the "only x left"
-- band (1..3, LOW_STOCK in server/catalog/service.ts). 57 → 56 changes nothing shown and is
-- not recorded, so busy ordering does not empty the caches.
CREATE FUNCTION variants_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  crossed boolean := (OLD.stock IS NULL OR OLD.stock > 0) IS DISTINCT FROM (NEW.stock IS NULL OR NEW.stock > 0);
BEGIN
  IF current_setting('kauppa.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
  IF crossed THEN PERFORM refresh_product_listing(ARRAY[NEW.product_id], now()); END IF;
  PERFORM record_product_change(NEW.product_id, crossed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to commit: the listing rows are locked only for the last moment of an order's
-- transaction, and a rolled-back order records nothing. least(NULL, 4) = 4: unmanaged stock
-- shows like plenty.
CREATE CONSTRAINT TRIGGER variants_stock_changed AFTER UPDATE OF stock ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (least(OLD.stock, 4) IS DISTINCT FROM least(NEW.stock, 4))
  EXECUTE FUNCTION variants_stock_changed();
--> statement-breakpoint
-- Any change of price rows (an operator's SQL included): refresh the products' listing rows at
-- the database's now and record them. A period that starts later is applied by each process's
-- price clock at its start (server/catalog/price-clock.ts).
CREATE FUNCTION prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF current_setting('kauppa.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT v.product_id) INTO ids FROM new_rows r JOIN variants v ON v.id = r.variant_id;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT v.product_id) INTO ids
    FROM (SELECT variant_id FROM new_rows UNION SELECT variant_id FROM old_rows) r JOIN variants v ON v.id = r.variant_id;
  ELSE
    SELECT array_agg(DISTINCT v.product_id) INTO ids FROM old_rows r JOIN variants v ON v.id = r.variant_id;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM refresh_product_listing(ids, now());
  PERFORM record_product_change(id, true) FROM unnest(ids) AS id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prices_inserted AFTER INSERT ON prices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION prices_changed();
--> statement-breakpoint
CREATE TRIGGER prices_updated AFTER UPDATE ON prices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION prices_changed();
--> statement-breakpoint
CREATE TRIGGER prices_deleted AFTER DELETE ON prices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION prices_changed();
