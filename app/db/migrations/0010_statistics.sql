-- Edited by hand: statistics_events is partitioned by month (drizzle cannot express it); the
-- monthly partitions are created by the server as events arrive (app/features/statistics).
CREATE TABLE "statistics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration" integer NOT NULL,
	"conversions" integer NOT NULL,
	CONSTRAINT "statistics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "statistics_events" (
	"at" timestamp with time zone NOT NULL,
	"visitor" bigint NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "statistics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statistics_visits" (
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"pageviews" integer NOT NULL,
	"paths" text[] NOT NULL,
	"goals" text[] NOT NULL,
	"entry" text NOT NULL,
	"referrer" text NOT NULL,
	"source" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"language" text NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "statistics_visits_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE INDEX "statistics_events_at_idx" ON "statistics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "statistics_events_visitor_idx" ON "statistics_events" USING btree ("visitor","at");