CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"user_id" text,
	"user_email" text,
	"group_id" text
);
--> statement-breakpoint
CREATE INDEX "content_revisions_key_id_idx" ON "content_revisions" USING btree ("key","id");--> statement-breakpoint
CREATE INDEX "content_revisions_group_idx" ON "content_revisions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "content_revisions_created_idx" ON "content_revisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_events_user_id_idx" ON "activity_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "activity_events_area_id_idx" ON "activity_events" USING btree ("area","id");