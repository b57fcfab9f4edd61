-- Menu sync (docs/commands.md): the menu version a robot runs (its heartbeat's `menu_version`, or sync_menu's
-- acknowledgement), the version GET menu last answered it and when, and per store when its robots' menu last
-- changed. A price, listing or group change sets that one store row (a trigger), so every robot of the store that
-- runs an older menu shows "menu out of date" without a write per robot: the robot list compares versions and
-- times (server/features/commands/menu.ts).
ALTER TABLE device ADD COLUMN IF NOT EXISTS menu_version text;
ALTER TABLE device ADD COLUMN IF NOT EXISTS menu_served text;
ALTER TABLE device ADD COLUMN IF NOT EXISTS menu_served_at timestamptz;
ALTER TABLE dealer ADD COLUMN IF NOT EXISTS menu_changed timestamptz NOT NULL DEFAULT now();

CREATE OR REPLACE FUNCTION menu_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE dealer SET menu_changed = clock_timestamp() WHERE _id = OLD.dealer;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.dealer IS DISTINCT FROM OLD.dealer) THEN
    UPDATE dealer SET menu_changed = clock_timestamp() WHERE _id = NEW.dealer;
  END IF;
  RETURN NULL;
END $$;

-- what the menu shows of a product; its stock only when it runs out or comes back (a sale is no menu change)
DROP TRIGGER IF EXISTS product_menu_changed ON product;
CREATE TRIGGER product_menu_changed AFTER UPDATE ON product FOR EACH ROW
  WHEN (OLD.code IS DISTINCT FROM NEW.code OR OLD.name IS DISTINCT FROM NEW.name OR OLD.sub_name IS DISTINCT FROM NEW.sub_name
        OR OLD.price IS DISTINCT FROM NEW.price OR OLD.type IS DISTINCT FROM NEW.type OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD.image IS DISTINCT FROM NEW.image OR OLD.buy_limit IS DISTINCT FROM NEW.buy_limit OR OLD.number IS DISTINCT FROM NEW.number
        OR OLD.properties IS DISTINCT FROM NEW.properties OR OLD.devices IS DISTINCT FROM NEW.devices OR OLD.hide IS DISTINCT FROM NEW.hide
        OR OLD."freeze" IS DISTINCT FROM NEW."freeze" OR OLD.dealer IS DISTINCT FROM NEW.dealer OR (OLD.stock = 0) <> (NEW.stock = 0))
  EXECUTE FUNCTION menu_changed();
DROP TRIGGER IF EXISTS product_menu_added ON product;
CREATE TRIGGER product_menu_added AFTER INSERT OR DELETE ON product FOR EACH ROW EXECUTE FUNCTION menu_changed();
DROP TRIGGER IF EXISTS product_classify_menu_changed ON product_classify;
CREATE TRIGGER product_classify_menu_changed AFTER INSERT OR UPDATE OR DELETE ON product_classify FOR EACH ROW EXECUTE FUNCTION menu_changed();
