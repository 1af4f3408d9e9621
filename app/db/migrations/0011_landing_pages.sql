CREATE TABLE "landing_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"unpublished_redirect" text,
	"seo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_pages_status_check" CHECK ("landing_pages"."status" in ('draft', 'published', 'unpublished'))
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"status" integer DEFAULT 301 NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_status_check" CHECK ("redirects"."status" in (301, 302))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_path_unique" ON "landing_pages" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_path_unique" ON "redirects" USING btree ("from_path");