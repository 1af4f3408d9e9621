CREATE TABLE "release_locale_approvals" (
	"release_id" integer NOT NULL,
	"locale" text NOT NULL,
	"approved_by_id" text NOT NULL,
	"approved_by_email" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_hash" text NOT NULL,
	CONSTRAINT "release_locale_approvals_release_id_locale_pk" PRIMARY KEY("release_id","locale")
);
--> statement-breakpoint
ALTER TABLE "release_locale_approvals" ADD CONSTRAINT "release_locale_approvals_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;