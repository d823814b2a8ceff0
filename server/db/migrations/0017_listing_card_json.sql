-- A search page's cards as JSON text stored with the rows, so a page joins 24 stored texts instead
-- of building them per request: 0.187 → 0.11 ms a page in pgbench (bench/README.md, "Cards' JSON
-- written with the row"). The listing's part runs up to its company's name; the company's part
-- (name, logo) completes the card, so renaming a company rewrites one row, not its listings.
-- Spelled as ListingCard (src/domain/listings) in its field order and JSON.stringify's spelling,
-- byte for byte what the page statement built before (tests/server/search-sql.test.ts).
--
-- IMMUTABLE although to_json and text || uuid are STABLE: a generated column needs an immutable
-- expression. They are STABLE for the types whose output reads settings (dates, numbers in some
-- styles); for text, uuid, integer and uuid[] their output reads none, so the same arguments
-- always give the same text (docs/decisions.md, "Cards' JSON in generated columns").
CREATE FUNCTION listing_card_json(
  p_id uuid, p_name text, p_short_description text, p_price integer, p_card_image_uri uuid,
  p_category_id uuid, p_sub_category_id uuid, p_sub_category_service_ids uuid[], p_company_id uuid
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select '{"id":"' || p_id::text || '","name":' || to_json(p_name)::text
    || ',"shortDescription":' || to_json(p_short_description)::text
    || ',"price":' || coalesce(p_price::text, 'null')
    || ',"cardImageUri":' || coalesce(to_json(p_card_image_uri)::text, 'null')
    || ',"categoryId":"' || p_category_id::text || '"'
    || ',"subCategoryId":' || coalesce('"' || p_sub_category_id::text || '"', 'null')
    || ',"subCategoryServiceIds":' || array_to_json(p_sub_category_service_ids)::text
    || ',"company":{"id":"' || p_company_id::text || '","name":'
$$;--> statement-breakpoint
CREATE FUNCTION company_card_json(p_name text, p_logo_image_uri uuid)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select to_json(p_name)::text || ',"logoImageUri":' || coalesce(to_json(p_logo_image_uri)::text, 'null') || '}}'
$$;--> statement-breakpoint
-- Rows up to 4 KB stay whole in their page: at the default 2 KB, a row with its card was over the
-- limit, so PostgreSQL compressed or moved out of line the card (and the in-row `search`, 0013)
-- and every page read had to fetch them back. Set before the columns are added: adding a stored
-- column rewrites the table with it.
ALTER TABLE "listings" SET (toast_tuple_target = 4080);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "card_json" text GENERATED ALWAYS AS (company_card_json(name, logo_image_uri)) STORED;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "card_json" text GENERATED ALWAYS AS (listing_card_json(id, name, short_description, price, card_image_uri, category_id, sub_category_id, sub_category_service_ids, company_id)) STORED;
