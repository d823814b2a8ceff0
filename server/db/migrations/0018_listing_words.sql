-- The text index ordered by date (docs/decisions.md, "One-word searches walk a word index by date").
-- A search of one word sorted by date used to walk the public rows newest first and test each
-- one's `search` (about 1,200 rows read for a page of 'music', 1,761 matches in 100,000), or read
-- every match through the GIN index and sort them: a GIN index hands over its matches unordered.
-- Here each public listing has one row per lexeme of its `search`, and the btree below holds a
-- lexeme's listings newest first, so a page reads its 24 entries (bench/README.md, "Session 9").
--
-- Kept by the trigger below in the same transaction as the listing's write, never by the app: only
-- public rows (the text of PUBLIC_LISTING in server/db/schema/listings.ts), so a page needs no
-- check of the rows it does not show. No foreign key: the trigger removes a listing's rows with
-- it, and a key would cost a look-up per lexeme of every listing written. Lexemes compare
-- bytewise (COLLATE "C"): only equality is asked of them, and memcmp is cheaper than the locale's.
CREATE TABLE "listing_words" (
	"lexeme" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"listing_id" uuid NOT NULL
);
--> statement-breakpoint
-- The search_path of the migration, kept with the functions (SET … FROM CURRENT): a trigger runs
-- under the writer's search_path, which may not name this schema (a pg_dump restore sets it empty).
CREATE FUNCTION listing_words_sync() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN (200, 400) AND OLD.is_active THEN
    -- Most updates (a version, a price, an image) leave the words, the date and the visibility be.
    IF TG_OP = 'UPDATE' AND NEW.status IN (200, 400) AND NEW.is_active
        AND NEW.search = OLD.search AND NEW.created_at = OLD.created_at THEN
      RETURN NULL;
    END IF;
    DELETE FROM listing_words WHERE listing_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN (200, 400) AND NEW.is_active THEN
    INSERT INTO listing_words (lexeme, created_at, listing_id)
      SELECT w, NEW.created_at, NEW.id FROM unnest(tsvector_to_array(NEW.search)) AS w;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION listing_words_truncate() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  TRUNCATE listing_words;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- AFTER: a stored generated column (`search`) is computed only after the BEFORE triggers.
CREATE TRIGGER listing_words_sync AFTER INSERT OR UPDATE OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_words_sync();
--> statement-breakpoint
CREATE TRIGGER listing_words_truncate AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION listing_words_truncate();
--> statement-breakpoint
-- The existing public listings, then the index (one sorted build is faster than ~84 inserts a row):
-- 8.4 million rows for 100,000 listings, 14 s on PostgreSQL with both indexes (docs/operations.md).
INSERT INTO listing_words (lexeme, created_at, listing_id)
  SELECT w, l.created_at, l.id FROM listings l, unnest(tsvector_to_array(l.search)) AS w
  WHERE l.status IN (200, 400) AND l.is_active;
--> statement-breakpoint
CREATE INDEX "listing_words_lexeme_created_idx" ON "listing_words" USING btree ("lexeme","created_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST);
--> statement-breakpoint
-- A listing's rows, for the trigger's delete: one look-up instead of one per lexeme (deactivating a
-- company of 1,731 listings: 4.4 → 0.25 s). Small: btree deduplication keeps each id once.
CREATE INDEX "listing_words_listing_idx" ON "listing_words" USING btree ("listing_id");
--> statement-breakpoint
ANALYZE listing_words;
