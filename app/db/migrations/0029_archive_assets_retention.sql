CREATE TABLE "archive_baseline" (
	"path" text PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"status" integer NOT NULL,
	"location" text,
	"sha256" text NOT NULL,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"entry_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_checkpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"through_entry_id" integer NOT NULL,
	"last_removed_hash" text NOT NULL,
	"removed" integer NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archive_blobs" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "archive_entries" ADD COLUMN "format" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_entries" ADD COLUMN "checkpoint" text;--> statement-breakpoint
ALTER TABLE "archive_pages" ADD COLUMN "assets" jsonb DEFAULT '[]'::jsonb NOT NULL;