ALTER TABLE "loyalty_members" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD COLUMN "email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_members_unlinked_email_idx" ON "loyalty_members" USING btree (lower("email")) WHERE "loyalty_members"."customer_id" IS NULL;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_owner" CHECK ("loyalty_members"."customer_id" IS NOT NULL OR "loyalty_members"."email" IS NOT NULL);