CREATE TYPE "public"."product_type" AS ENUM('SimpleProduct', 'ConfigurableProduct', 'GiftCardProduct');--> statement-breakpoint
CREATE TYPE "public"."store_availability" AS ENUM('available', 'low', 'out_of_stock', 'not_available', 'verify_availability');--> statement-breakpoint
CREATE TABLE "attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"attribute_code" text NOT NULL,
	"code" text NOT NULL,
	"labels" jsonb NOT NULL,
	"swatch" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attribute_values_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"parent_id" integer,
	"level" integer NOT NULL,
	"path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"include_in_menu" boolean DEFAULT true NOT NULL,
	"top_level_clickable" boolean DEFAULT true NOT NULL,
	"available_sort_by" text[] NOT NULL,
	"default_sort_by" text DEFAULT 'position' NOT NULL,
	CONSTRAINT "categories_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"url_key" text NOT NULL,
	"url_path" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meta_title" text,
	"meta_description" text,
	CONSTRAINT "category_translations_category_id_locale_pk" PRIMARY KEY("category_id","locale")
);
--> statement-breakpoint
CREATE TABLE "custom_option_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"option_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"price_type" text DEFAULT 'FIXED' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_option_values_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "custom_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"product_id" integer NOT NULL,
	"type" text NOT NULL,
	"titles" jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"max_characters" integer,
	"price_type" text DEFAULT 'FIXED' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_options_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_amounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"product_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gift_card_amounts_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer,
	"key" text NOT NULL,
	"labels" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physical_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "physical_stores_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"variant_id" integer NOT NULL,
	"store_code" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"regular_cents" integer NOT NULL,
	"final_cents" integer NOT NULL,
	CONSTRAINT "prices_variant_id_store_code_valid_from_pk" PRIMARY KEY("variant_id","store_code","valid_from"),
	CONSTRAINT "prices_positive" CHECK ("prices"."regular_cents" >= 0 AND "prices"."final_cents" >= 0 AND "prices"."final_cents" <= "prices"."regular_cents")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_listing" (
	"product_id" integer NOT NULL,
	"store_code" text NOT NULL,
	"min_final_cents" integer NOT NULL,
	"max_final_cents" integer NOT NULL,
	"min_regular_cents" integer NOT NULL,
	"max_regular_cents" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"color_ids" integer[] NOT NULL,
	"size_ids" integer[] NOT NULL,
	CONSTRAINT "product_listing_store_code_product_id_pk" PRIMARY KEY("store_code","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"url_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meta_title" text,
	"meta_description" text,
	CONSTRAINT "product_translations_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"type" "product_type" NOT NULL,
	"brand" text NOT NULL,
	"style_code" text,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"gift_card_type" text,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_kind" text DEFAULT 'tee' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"variant_id" integer NOT NULL,
	"physical_store_id" integer NOT NULL,
	"status" "store_availability" NOT NULL,
	CONSTRAINT "store_stock_variant_id_physical_store_id_pk" PRIMARY KEY("variant_id","physical_store_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"code" text PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"iso" text NOT NULL,
	"country_code" text NOT NULL,
	"date_format" text DEFAULT 'd.M.yyyy' NOT NULL,
	"left_side_currency" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"color_id" integer,
	"size_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	CONSTRAINT "variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "variants_stock_non_negative" CHECK ("variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_option_values" ADD CONSTRAINT "custom_option_values_option_id_custom_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."custom_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_options" ADD CONSTRAINT "custom_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_amounts" ADD CONSTRAINT "gift_card_amounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_color_id_attribute_values_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."attribute_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_listing" ADD CONSTRAINT "product_listing_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_listing" ADD CONSTRAINT "product_listing_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_physical_store_id_physical_stores_id_fk" FOREIGN KEY ("physical_store_id") REFERENCES "public"."physical_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_color_id_attribute_values_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."attribute_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_size_id_attribute_values_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."attribute_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_values_code_idx" ON "attribute_values" USING btree ("attribute_code","code");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "categories_path_idx" ON "categories" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "category_url_path_idx" ON "category_translations" USING btree ("locale","url_path");--> statement-breakpoint
CREATE INDEX "custom_options_product_idx" ON "custom_options" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "gift_card_amounts_product_idx" ON "gift_card_amounts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "media_product_idx" ON "media" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_categories_product_idx" ON "product_categories" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_listing_price_idx" ON "product_listing" USING btree ("store_code","min_final_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "product_url_key_idx" ON "product_translations" USING btree ("locale","url_key");--> statement-breakpoint
CREATE INDEX "products_style_idx" ON "products" USING btree ("style_code");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_id","position");