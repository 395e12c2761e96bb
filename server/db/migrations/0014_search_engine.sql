-- Hand-written: trigram matching for the search index (prefixes and typos of names).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."engagement_signal_kind" AS ENUM('click', 'add_to_cart', 'add_to_wishlist', 'purchase');--> statement-breakpoint
CREATE TABLE "engagement_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_code" text NOT NULL,
	"customer_key" text,
	"session_key" text,
	"q" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" "engagement_signal_kind" NOT NULL,
	"customer_key" text,
	"session_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_popularity" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"product_id" integer NOT NULL,
	"store_code" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"categories" text NOT NULL,
	"description" text NOT NULL,
	"colors" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_store_code_product_id_pk" PRIMARY KEY("store_code","product_id")
);
--> statement-breakpoint
ALTER TABLE "engagement_searches" ADD CONSTRAINT "engagement_searches_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_signals" ADD CONSTRAINT "engagement_signals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_popularity" ADD CONSTRAINT "product_popularity_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_searches_customer_idx" ON "engagement_searches" USING btree ("customer_key","at");--> statement-breakpoint
CREATE INDEX "engagement_searches_session_idx" ON "engagement_searches" USING btree ("session_key","at");--> statement-breakpoint
CREATE INDEX "engagement_signals_product_idx" ON "engagement_signals" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "engagement_signals_customer_idx" ON "engagement_signals" USING btree ("customer_key","at");--> statement-breakpoint
CREATE INDEX "engagement_signals_session_idx" ON "engagement_signals" USING btree ("session_key","at");--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_name_trgm_idx" ON "search_documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Hand-written: a product's texts (name, description, url key) and its brand or enabled flag are
-- changes too, so the search index (and the catalogue's cached details) follow a rename at once.
CREATE FUNCTION product_texts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kauppa.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM record_product_change(id, false) FROM (SELECT DISTINCT product_id AS id FROM changed_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_translations_changed AFTER UPDATE ON product_translations REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_texts_changed();
--> statement-breakpoint
CREATE TRIGGER product_translations_inserted AFTER INSERT ON product_translations REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_texts_changed();
--> statement-breakpoint
CREATE FUNCTION products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kauppa.bulk_load', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM record_product_change(id, true) FROM (SELECT DISTINCT id FROM changed_rows) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER UPDATE ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed();
