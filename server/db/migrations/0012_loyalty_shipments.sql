CREATE TYPE "public"."carrier" AS ENUM('posti', 'matkahuolto');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'shipped';--> statement-breakpoint
CREATE TABLE "loyalty_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"member_number" text NOT NULL,
	"store_code" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_members_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "loyalty_members_member_number_unique" UNIQUE("member_number")
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_number" text NOT NULL,
	"carrier" "carrier" NOT NULL,
	"tracking_number" text NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_shipment_number_unique" UNIQUE("shipment_number")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "loyalty_card_prefilled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_tracking_idx" ON "order_shipments" USING btree ("order_id","carrier","tracking_number");