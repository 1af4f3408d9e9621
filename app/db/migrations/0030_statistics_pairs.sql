CREATE TABLE "statistics_daily_pair" (
	"pair_id" integer NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration" integer NOT NULL,
	"conversions" integer NOT NULL,
	CONSTRAINT "statistics_daily_pair_pair_id_day_dimension_value_pk" PRIMARY KEY("pair_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "statistics_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"filter_a" text NOT NULL,
	"value_a" text NOT NULL,
	"filter_b" text NOT NULL,
	"value_b" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	CONSTRAINT "statistics_pairs_values_key" UNIQUE("filter_a","value_a","filter_b","value_b")
);
--> statement-breakpoint
ALTER TABLE "statistics_daily_pair" ADD CONSTRAINT "statistics_daily_pair_pair_id_statistics_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."statistics_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statistics_daily_pair_day_idx" ON "statistics_daily_pair" USING btree ("day");