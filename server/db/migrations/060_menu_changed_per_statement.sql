-- A store's menu_changed (migration 050) set once per INSERT statement, not once per product: an import adds
-- hundreds of a store's products in one statement (server/crud/import.ts, docs/import.md "Figures"), and a row
-- trigger updated the same store row once per product inside one transaction, each update slower than the last
-- (every earlier version of the row is still there to step over): checking 50,000 rows took minutes. A single
-- product added still sets it once, as before. Edits keep 050's row trigger, whose WHEN skips a sale's stock
-- change without running anything (a statement trigger would run, and build its transition tables, on every sale).
CREATE OR REPLACE FUNCTION menu_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dealer SET menu_changed = clock_timestamp() WHERE _id IN (SELECT dealer FROM added);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS product_menu_added ON product;
CREATE TRIGGER product_menu_added AFTER INSERT ON product REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION menu_added();
DROP TRIGGER IF EXISTS product_menu_removed ON product;
CREATE TRIGGER product_menu_removed AFTER DELETE ON product FOR EACH ROW EXECUTE FUNCTION menu_changed();
