ALTER TABLE "statistics_visits" ADD COLUMN "day_visits" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The visits already rolled up: a visitor's visits of a day, for each of them.
UPDATE "statistics_visits" v SET "day_visits" = c.n
  FROM (SELECT "day", "visitor", count(*)::int AS n FROM "statistics_visits" GROUP BY 1, 2 HAVING count(*) > 1) c
  WHERE v."day" = c."day" AND v."visitor" = c."visitor";--> statement-breakpoint
CREATE INDEX "statistics_visits_entry_idx" ON "statistics_visits" USING btree ("entry","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_referrer_idx" ON "statistics_visits" USING btree ("referrer","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_source_idx" ON "statistics_visits" USING btree ("source","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_utm_source_idx" ON "statistics_visits" USING btree ("utm_source","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_utm_medium_idx" ON "statistics_visits" USING btree ("utm_medium","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_utm_campaign_idx" ON "statistics_visits" USING btree ("utm_campaign","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_device_idx" ON "statistics_visits" USING btree ("device","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_browser_idx" ON "statistics_visits" USING btree ("browser","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_os_idx" ON "statistics_visits" USING btree ("os","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_language_idx" ON "statistics_visits" USING btree ("language","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_country_idx" ON "statistics_visits" USING btree ("country","day");--> statement-breakpoint
CREATE INDEX "statistics_visits_paths_idx" ON "statistics_visits" USING gin ("paths");--> statement-breakpoint
CREATE INDEX "statistics_visits_goals_idx" ON "statistics_visits" USING gin ("goals");