CREATE TABLE "login_devices" (
	"customer_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_devices_customer_id_device_hash_pk" PRIMARY KEY("customer_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_devices_last_login_idx" ON "login_devices" USING btree ("last_login_at");