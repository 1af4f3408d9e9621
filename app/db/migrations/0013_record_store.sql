CREATE TABLE "release_authors" (
	"release_id" integer NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "release_authors_release_id_user_id_pk" PRIMARY KEY("release_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "releases" DROP CONSTRAINT "releases_state_check";--> statement-breakpoint
-- 'publishing' was declared and never set; a row in it (there should be none) is a failed publish.
UPDATE "releases" SET "state" = 'failed', "failure_message" = coalesce("failure_message", 'Публикация прервана') WHERE "state" = 'publishing';--> statement-breakpoint
ALTER TABLE "content_revisions" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "release_changes" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "release_authors" ADD CONSTRAINT "release_authors_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_state_check" CHECK ("releases"."state" in ('draft', 'in_review', 'approved', 'scheduled', 'published', 'failed', 'cancelled'));--> statement-breakpoint
-- Four-eyes reads who staged into a release from the release's own rows from now on: the
-- authors so far come from the releases and from the log lines that recorded each staging.
INSERT INTO "release_authors" ("release_id", "user_id")
SELECT "id", "author_id" FROM "releases" WHERE "author_id" IS NOT NULL
UNION
SELECT "releases"."id", "activity_events"."user_id"
FROM "activity_events" JOIN "releases" ON "activity_events"."target" = "releases"."id"::text
WHERE "activity_events"."kind" = 'release.stage' AND "activity_events"."user_id" IS NOT NULL
ON CONFLICT DO NOTHING;
