ALTER TABLE "custom_option_values" ADD COLUMN "gift_wrap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Demo shops seeded before the flag: their wrapping value is the one that wraps (decision 0073).
UPDATE "custom_option_values" SET "gift_wrap" = true WHERE "titles"->>'en' = 'Gift wrapped';