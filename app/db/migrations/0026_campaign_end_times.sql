-- Campaigns that end on time. A landing page's end time: when it passes, the page unpublishes once
-- (app/features/pages/end.server.ts) to 404 or to the redirect chosen with it, at the status chosen.
-- A release's end time: when it passes, the published release's changes are reverted once as one
-- group (app/features/releases/end.server.ts), marked by ended_at and end_group_id in the revert's transaction.
ALTER TABLE "releases" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "end_group_id" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "unpublished_redirect_status" integer;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "end_redirect" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "end_redirect_status" integer;--> statement-breakpoint
CREATE INDEX "landing_pages_ends_at_idx" ON "landing_pages" USING btree ("ends_at");