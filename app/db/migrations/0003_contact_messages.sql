CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text,
	"client_hash" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"notify_status" text DEFAULT 'none' NOT NULL,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notify_next_at" timestamp with time zone,
	"notify_error" text,
	CONSTRAINT "contact_messages_notify_status_check" CHECK ("contact_messages"."notify_status" in ('none', 'pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_client_created_idx" ON "contact_messages" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("id") WHERE "contact_messages"."is_read" = false;--> statement-breakpoint
CREATE INDEX "contact_messages_outbox_idx" ON "contact_messages" USING btree ("notify_next_at") WHERE "contact_messages"."notify_status" = 'pending';