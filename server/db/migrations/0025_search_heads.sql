ALTER TABLE "search_documents" ADD COLUMN "heads" text;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "lexicon" text;