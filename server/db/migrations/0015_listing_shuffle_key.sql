-- The random sort as an index range instead of a hash of every public id sorted per page
-- (docs/decisions.md, "The random sort"): each listing draws one key, and a seed picks where the
-- rotation through the keys starts. A volatile default makes PostgreSQL rewrite the table,
-- evaluating random() per row: that is the backfill, and new rows draw theirs the same way.
ALTER TABLE "listings" ADD COLUMN "shuffle_key" double precision DEFAULT random() NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_public_shuffle_idx" ON "listings" USING btree ("shuffle_key","id") WHERE status in (200, 400) and is_active;
