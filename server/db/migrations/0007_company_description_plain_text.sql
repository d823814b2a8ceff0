-- Company descriptions are plain text in paragraphs (the company form edits them in a text box);
-- the demo seed of earlier versions stored them as <p>…</p> HTML. Paragraph breaks become blank
-- lines, other tags go, and the entities the seed escaped are decoded.
UPDATE "companies" SET "description" =
  replace(replace(replace(replace(
    regexp_replace(regexp_replace(btrim("description"), '</p>\s*<p>', E'\n\n', 'g'), '<[^>]*>', '', 'g'),
  '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&')
WHERE "description" LIKE '<p>%';
