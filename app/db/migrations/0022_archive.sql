CREATE TABLE "archive_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"gzip" "bytea" NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"user_email" text,
	"release_id" integer,
	"group_id" text,
	"page_count" integer NOT NULL,
	"captured" boolean DEFAULT true NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"user_email" text,
	"release_id" integer,
	"group_id" text,
	"records" jsonb,
	"entry_id" integer,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "archive_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"path" text NOT NULL,
	"locale" text NOT NULL,
	"status" integer NOT NULL,
	"location" text,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_worker" (
	"id" integer PRIMARY KEY NOT NULL,
	"owner" text,
	"until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "archive_pages" ADD CONSTRAINT "archive_pages_entry_id_archive_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."archive_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_entries_outbox_idx" ON "archive_entries" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "archive_entries_previous_idx" ON "archive_entries" USING btree ("previous_hash");--> statement-breakpoint
CREATE INDEX "archive_entries_changed_idx" ON "archive_entries" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "archive_outbox_pending_idx" ON "archive_outbox" USING btree ("id") WHERE "archive_outbox"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "archive_pages_entry_path_idx" ON "archive_pages" USING btree ("entry_id","path");--> statement-breakpoint
CREATE INDEX "archive_pages_path_idx" ON "archive_pages" USING btree ("path","entry_id");--> statement-breakpoint
INSERT INTO "archive_worker" ("id") VALUES (1);--> statement-breakpoint
-- The archive's starting point: the pages the site serves when it first runs with the archive
-- (an existing site's current pages, a fresh install's first pages), archived once.
INSERT INTO "archive_outbox" ("kind") VALUES ('start');
