CREATE TABLE "planner_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by_id" uuid NOT NULL,
	"event_type" integer DEFAULT -1 NOT NULL,
	"event_config" jsonb NOT NULL,
	"event_locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"region_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"county_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sub_category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"rejection_message" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planner_events" ADD CONSTRAINT "planner_events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planner_events_created_by_idx" ON "planner_events" USING btree ("created_by_id","updated_at");--> statement-breakpoint
CREATE INDEX "planner_events_status_created_idx" ON "planner_events" USING btree ("status","created_at");