CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"user_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"contact_email" text NOT NULL,
	"organisation_number" text NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "site_settings_single_row" CHECK (id = 1)
);
--> statement-breakpoint
-- The one settings row, with the contact details the app shipped with (src/domain/settings.ts DEFAULT_SITE_SETTINGS).
INSERT INTO "site_settings" ("id", "contact_email", "organisation_number") VALUES (1, 'post@eventmarket.no', '912 345 678') ON CONFLICT DO NOTHING;
