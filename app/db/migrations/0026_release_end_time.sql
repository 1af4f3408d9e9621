-- A release's end time: when it passes, the published release's changes are reverted once as one group
-- (app/features/releases/end.server.ts), marked by ended_at and end_group_id in the revert's transaction.
ALTER TABLE "releases" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "end_group_id" text;