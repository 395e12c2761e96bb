CREATE TABLE "crm_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"market" text NOT NULL,
	"locale" text NOT NULL,
	"touchpoint" text NOT NULL,
	"customer_key" text,
	"session_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "crm_reports_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_points" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"points" integer NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_points_positive" CHECK ("loyalty_points"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "crm_reports" ADD CONSTRAINT "crm_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points" ADD CONSTRAINT "loyalty_points_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points" ADD CONSTRAINT "loyalty_points_member_id_loyalty_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_reports_due_idx" ON "crm_reports" USING btree ("next_at") WHERE "crm_reports"."delivered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "loyalty_points_member_idx" ON "loyalty_points" USING btree ("member_id");