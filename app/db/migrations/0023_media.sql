CREATE TABLE "media_index_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"stale" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_usages" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"record_key" text NOT NULL,
	"record_kind" text NOT NULL,
	"locale" text NOT NULL,
	"staged" boolean DEFAULT false NOT NULL,
	"release_id" integer,
	"release_change_id" integer,
	CONSTRAINT "media_usages_staged_check" CHECK ("media_usages"."staged" = ("media_usages"."release_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_release_change_id_release_changes_id_fk" FOREIGN KEY ("release_change_id") REFERENCES "public"."release_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_usages_path_idx" ON "media_usages" USING btree ("path");--> statement-breakpoint
CREATE INDEX "media_usages_record_idx" ON "media_usages" USING btree ("record_key","staged");--> statement-breakpoint
-- Existing sites: the index is built from the records once, by the site's first read of it.
INSERT INTO "media_index_state" ("id", "stale") VALUES (1, true);
