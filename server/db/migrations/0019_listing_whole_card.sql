-- A listing's `card_json` holds its whole search card, its company's name and logo included, so a
-- search page reads 24 stored texts and joins nothing: PostgreSQL's CPU per cold page fell by about
-- 40 % (bench/README.md, "Session 17"). It was a generated column up to the company's name (0017),
-- completed per page by a join to `companies.card_json`; a generated column cannot read another
-- table, so triggers keep it now:
-- * `listing_card_fill`, before every insert and update of a listing: the listing's part
--   (`listing_card_json`, as the generated column computed it) and its company's `card_json`;
-- * `company_card_spread`, after an update of a company whose `card_json` changed (its name or
--   logo): its listings are written again, each through `listing_card_fill`. A company of the
--   bench's 1,731 listings rewrites 1,731 rows once per rename, against every page read saved.
-- The listing's `version` and `updated_at` are the app's and stay as they are: a company's rename
-- is not an edit of its listings.
--
-- The functions keep the migration's search_path (SET … FROM CURRENT): a trigger runs under the
-- writer's, which may not name this schema (a pg_dump restore sets it empty).
ALTER TABLE "listings" ALTER COLUMN "card_json" DROP EXPRESSION;--> statement-breakpoint
CREATE FUNCTION listing_card_fill() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW.card_json := listing_card_json(NEW.id, NEW.name, NEW.short_description, NEW.price, NEW.card_image_uri,
      NEW.category_id, NEW.sub_category_id, NEW.sub_category_service_ids, NEW.company_id)
    || (SELECT c.card_json FROM companies c WHERE c.id = NEW.company_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER listing_card_fill BEFORE INSERT OR UPDATE ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_card_fill();--> statement-breakpoint
CREATE FUNCTION company_card_spread() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- The value set here is replaced: listing_card_fill writes each row's card from its company.
  UPDATE listings SET card_json = NULL WHERE company_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER company_card_spread AFTER UPDATE ON companies
  FOR EACH ROW WHEN (OLD.card_json IS DISTINCT FROM NEW.card_json) EXECUTE FUNCTION company_card_spread();--> statement-breakpoint
-- Every existing card, completed by its company's part (a rewrite of the table, as 0017's was).
UPDATE listings SET card_json = NULL;
