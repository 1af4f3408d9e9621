CREATE TABLE "site_locales" (
	"code" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_locales_state_check" CHECK ("site_locales"."state" in ('draft', 'public')),
	CONSTRAINT "site_locales_default_public_check" CHECK (not "site_locales"."is_default" or "site_locales"."state" = 'public')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_locales_one_default" ON "site_locales" USING btree ("is_default") WHERE "site_locales"."is_default";--> statement-breakpoint
INSERT INTO "site_locales" ("code", "state", "is_default", "position") VALUES ('en', 'public', true, 0);
