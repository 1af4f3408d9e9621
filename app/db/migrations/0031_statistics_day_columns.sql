CREATE TABLE "statistics_day_columns" (
	"day" date PRIMARY KEY NOT NULL,
	"visits" integer NOT NULL,
	"value_lists" text NOT NULL,
	"data" text NOT NULL
);
