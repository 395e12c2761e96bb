CREATE TABLE "content_assets" (
	"id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type_id" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"published_fields" jsonb,
	"draft_fields" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_files" (
	"key" text PRIMARY KEY NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_locales" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fallback_code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"display_field" text,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_content_type_id_content_types_id_fk" FOREIGN KEY ("content_type_id") REFERENCES "public"."content_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_entries_type_idx" ON "content_entries" USING btree ("content_type_id","updated_at");--> statement-breakpoint
-- Hand-written: the two content locales every shop has (en store → en-GB, fi store → fi-FI); an
-- import may rename them or add others.
INSERT INTO "content_locales" ("code", "name", "fallback_code", "is_default", "position") VALUES
  ('en-GB', 'English (United Kingdom)', NULL, true, 0),
  ('fi-FI', 'Finnish (Finland)', 'en-GB', false, 1);
