CREATE INDEX "engagement_searches_at_idx" ON "engagement_searches" USING btree ("at");--> statement-breakpoint
CREATE INDEX "engagement_signals_at_idx" ON "engagement_signals" USING btree ("at");