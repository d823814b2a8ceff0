DROP INDEX "listings_public_created_idx";--> statement-breakpoint
DROP INDEX "listings_public_price_asc_idx";--> statement-breakpoint
DROP INDEX "listings_public_price_desc_idx";--> statement-breakpoint
DROP INDEX "listings_public_category_created_idx";--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "status" SET DATA TYPE integer USING (CASE "status" WHEN 'approved' THEN 100 WHEN 'rejected' THEN 250 ELSE 200 END);--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "status" SET DEFAULT 200;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "status" SET DATA TYPE integer USING (CASE "status" WHEN 'approved' THEN 200 WHEN 'pending' THEN 100 WHEN 'rejected' THEN 300 ELSE 0 END);--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "status" SET DEFAULT 0;--> statement-breakpoint
UPDATE "listings" SET "is_active" = EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = "listings"."company_id" AND c."status" = 100);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "twitter_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "youtube_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "active_subscription_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "active_product_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subscription_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "one_time_purchase_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "listing_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "event_click_tokens_subscription" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "event_click_tokens_extras" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_deleted_at_idx" ON "companies" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "listings_public_created_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status in (200, 400) and is_active;--> statement-breakpoint
CREATE INDEX "listings_public_price_asc_idx" ON "listings" USING btree ("price","id") WHERE status in (200, 400) and is_active;--> statement-breakpoint
CREATE INDEX "listings_public_price_desc_idx" ON "listings" USING btree ("price" DESC NULLS LAST,"id") WHERE status in (200, 400) and is_active;--> statement-breakpoint
CREATE INDEX "listings_public_category_created_idx" ON "listings" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status in (200, 400) and is_active;