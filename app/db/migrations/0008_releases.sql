CREATE TABLE "release_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"key" text NOT NULL,
	"area" text NOT NULL,
	"staged" jsonb,
	"live" jsonb,
	"live_revision_id" integer DEFAULT 0 NOT NULL,
	"staged_by_id" text,
	"staged_by_email" text,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_drafting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_review_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_review_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"author_id" text,
	"author_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"approved_by_id" text,
	"approved_by_email" text,
	"approved_at" timestamp with time zone,
	"approved_hash" text,
	"review_comment" text,
	"failure_message" text,
	"publish_group_id" text,
	"published_at" timestamp with time zone,
	CONSTRAINT "releases_state_check" CHECK ("releases"."state" in ('draft', 'in_review', 'approved', 'scheduled', 'publishing', 'published', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "release_changes" ADD CONSTRAINT "release_changes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_drafting" ADD CONSTRAINT "release_drafting_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_review_links" ADD CONSTRAINT "release_review_links_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_changes_release_key_unique" ON "release_changes" USING btree ("release_id","key");--> statement-breakpoint
CREATE INDEX "release_changes_key_idx" ON "release_changes" USING btree ("key");--> statement-breakpoint
CREATE INDEX "release_review_links_release_idx" ON "release_review_links" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "releases_state_idx" ON "releases" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "releases_due_idx" ON "releases" USING btree ("scheduled_at") WHERE "releases"."state" = 'scheduled';