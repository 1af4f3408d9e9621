CREATE TABLE "media_file_info" (
	"name" text PRIMARY KEY NOT NULL,
	"alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decorative" boolean DEFAULT false NOT NULL,
	"caption" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"focal_x" real,
	"focal_y" real,
	"replaced_by" text,
	"previous" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "media_file_info_focal_check" CHECK (("media_file_info"."focal_x" is null) = ("media_file_info"."focal_y" is null) and coalesce("media_file_info"."focal_x" between 0 and 1 and "media_file_info"."focal_y" between 0 and 1, true))
);
