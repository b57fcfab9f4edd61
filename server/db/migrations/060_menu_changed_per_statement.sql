-- A store's menu_changed (migration 050) set once per statement, not once per product: an import writes hundreds
-- of a store's products in one statement (server/crud/import.ts, docs/import.md "Figures"), and a row trigger
-- updated the same store row once per product inside one transaction, each update slower than the last (every
-- earlier version of the row is still there to step over): checking 50,000 rows took minutes. A single-row
-- write still sets it once, as before.
CREATE OR REPLACE FUNCTION menu_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dealer SET menu_changed = clock_timestamp() WHERE _id IN (SELECT dealer FROM added);
  RETURN NULL;
END $$;

-- what the menu shows of a product (050's condition), its old store and, when it moved, its new one
CREATE OR REPLACE FUNCTION menu_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dealer SET menu_changed = clock_timestamp() WHERE _id IN (
    SELECT o.dealer FROM old_rows o JOIN new_rows n USING (_id)
     WHERE o.code IS DISTINCT FROM n.code OR o.name IS DISTINCT FROM n.name OR o.sub_name IS DISTINCT FROM n.sub_name
        OR o.price IS DISTINCT FROM n.price OR o.type IS DISTINCT FROM n.type OR o.description IS DISTINCT FROM n.description
        OR o.image IS DISTINCT FROM n.image OR o.buy_limit IS DISTINCT FROM n.buy_limit OR o.number IS DISTINCT FROM n.number
        OR o.properties IS DISTINCT FROM n.properties OR o.devices IS DISTINCT FROM n.devices OR o.hide IS DISTINCT FROM n.hide
        OR o."freeze" IS DISTINCT FROM n."freeze" OR o.dealer IS DISTINCT FROM n.dealer OR (o.stock = 0) <> (n.stock = 0)
    UNION
    SELECT n.dealer FROM old_rows o JOIN new_rows n USING (_id) WHERE o.dealer IS DISTINCT FROM n.dealer);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS product_menu_changed ON product;
CREATE TRIGGER product_menu_changed AFTER UPDATE ON product REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION menu_edited();
DROP TRIGGER IF EXISTS product_menu_added ON product;
CREATE TRIGGER product_menu_added AFTER INSERT ON product REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION menu_added();
DROP TRIGGER IF EXISTS product_menu_removed ON product;
CREATE TRIGGER product_menu_removed AFTER DELETE ON product FOR EACH ROW EXECUTE FUNCTION menu_changed();
