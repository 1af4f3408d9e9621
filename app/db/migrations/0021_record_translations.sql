CREATE TABLE "record_translations" (
	"record" text NOT NULL,
	"locale" text NOT NULL,
	"value" jsonb NOT NULL,
	"source" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_translations_record_locale_pk" PRIMARY KEY("record","locale")
);
--> statement-breakpoint
CREATE INDEX "record_translations_locale" ON "record_translations" USING btree ("locale");