CREATE TABLE "edge_purges" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"target" text NOT NULL,
	"tags" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "edge_purges_due_idx" ON "edge_purges" USING btree ("next_at") WHERE "edge_purges"."done_at" is null;--> statement-breakpoint
CREATE INDEX "edge_purges_created_idx" ON "edge_purges" USING btree ("created_at");