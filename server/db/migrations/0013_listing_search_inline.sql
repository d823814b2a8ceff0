-- A text search sorted by date walks the public rows newest first and tests each one's `search`
-- tsvector (~1.4 KB). Stored out of line (TOAST, the default for wide rows), every test fetched
-- and decompressed it from the TOAST table: 1,300 rows tested cost 30–50 ms on PostgreSQL.
-- MAIN keeps it in the row (the description moves out of line instead, which no search reads):
-- 21 → 1.7 ms for 'catering' on 100,000 listings (bench/README.md, "Search on PostgreSQL").
-- Applies to rows written from now on; `VACUUM FULL listings` rewrites the older ones
-- (docs/operations.md). Written by hand: drizzle-kit has no column storage.
ALTER TABLE "listings" ALTER COLUMN "search" SET STORAGE MAIN;
