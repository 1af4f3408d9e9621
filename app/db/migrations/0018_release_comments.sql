-- Comments on releases (issue 44 item 4): a thread per staged change and one for the release; resolved threads fold away.
CREATE TABLE "release_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"change_key" text,
	"kind" text DEFAULT 'comment' NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" text,
	"resolved_by_email" text,
	CONSTRAINT "release_comments_kind_check" CHECK ("release_comments"."kind" in ('comment', 'send_back')),
	CONSTRAINT "release_comments_body_check" CHECK (char_length("release_comments"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "release_comments" ADD CONSTRAINT "release_comments_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_comments_release_idx" ON "release_comments" USING btree ("release_id","id");