-- The name sorts over public rows in their exact order (name, then id ascending both ways): a
-- page is the index's first rows. The plain name index made PostgreSQL sort every row sharing
-- a name past the page (bench/README.md, "Name sorts on indexes of their own").
CREATE INDEX "listings_public_name_asc_idx" ON "listings" USING btree ("name","id") WHERE status in (200, 400) and is_active;--> statement-breakpoint
CREATE INDEX "listings_public_name_desc_idx" ON "listings" USING btree ("name" DESC NULLS FIRST,"id") WHERE status in (200, 400) and is_active;