-- Statistics (issue 48): a visit ends after 30 minutes without a pageview, so a visitor may have
-- several a day (the key gains started_at) and the daily roll-up counts visits besides visitors:
-- rows rolled up before were one visit per visitor, so their visits are their visitors. Per-filter
-- figures for the days that are over, and what each day's roll-up read (its raw events' count).
CREATE TABLE "statistics_daily_by" (
	"filter" text NOT NULL,
	"filter_value" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration" integer NOT NULL,
	"conversions" integer NOT NULL,
	CONSTRAINT "statistics_daily_by_filter_filter_value_day_dimension_value_pk" PRIMARY KEY("filter","filter_value","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "statistics_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"events" integer NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistics_visits" DROP CONSTRAINT "statistics_visits_day_visitor_pk";--> statement-breakpoint
ALTER TABLE "statistics_visits" ADD CONSTRAINT "statistics_visits_day_visitor_started_at_pk" PRIMARY KEY("day","visitor","started_at");--> statement-breakpoint
ALTER TABLE "statistics_daily" ADD COLUMN "visits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "statistics_daily" SET "visits" = "visitors";--> statement-breakpoint
CREATE INDEX "statistics_daily_by_day_idx" ON "statistics_daily_by" USING btree ("day");