-- Roles: every account with a row here was an administrator and stays one (the default); accounts
-- without a row have no role, as before. Open invitations made administrators, and still do.
ALTER TABLE "admin_invitations" ADD COLUMN "role" text DEFAULT 'administrator' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "role" text DEFAULT 'administrator' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "locales" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_role_check" CHECK ("admin_invitations"."role" in ('administrator', 'publisher', 'reviewer', 'author', 'translator', 'analyst'));--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_check" CHECK ("admin_users"."role" in ('administrator', 'publisher', 'reviewer', 'author', 'translator', 'analyst'));