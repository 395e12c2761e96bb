CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"store_code" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"subject" text,
	"message" text NOT NULL,
	"page_url" text,
	"attachment_key" text,
	"attachment_name" text,
	"attachment_type" text,
	"attachment_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");