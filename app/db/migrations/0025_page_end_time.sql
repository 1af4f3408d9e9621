-- A landing page's end time (a campaign that ends on time): when it passes, the page unpublishes once
-- (app/features/pages/end.server.ts) to 404 or to the redirect chosen with it, at the status chosen.
ALTER TABLE "landing_pages" ADD COLUMN "unpublished_redirect_status" integer;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "end_redirect" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "end_redirect_status" integer;--> statement-breakpoint
CREATE INDEX "landing_pages_ends_at_idx" ON "landing_pages" USING btree ("ends_at");