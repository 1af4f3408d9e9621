-- The media library's catalogue. Existing sites: it is made from the upload store's listing once,
-- by the library's first read of it (media_index_state.files_stale, true by default).
CREATE TABLE "media_files" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unused_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "media_index_state" ADD COLUMN "files_stale" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "media_files_uploaded_at_idx" ON "media_files" USING btree ("uploaded_at","name");--> statement-breakpoint
CREATE INDEX "media_files_uploaded_by_idx" ON "media_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "media_files_unused_since_idx" ON "media_files" USING btree ("unused_since");