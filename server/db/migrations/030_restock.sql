-- Replenishment (docs/replenishment.md): the restocker's list is a view over the products, so the declared resource
-- `restock` (resources/restock.ts) gets the generic list's tenant scope, filters, saved filters and export.

-- When stock was last counted or refilled (set stock, restock, the bulk restock): a robot's stock report
-- (codes 200000-200009) older than this is superseded, so a refilled product leaves the list.
ALTER TABLE product ADD COLUMN restock_time timestamptz;

-- A line per product of limited stock that is at or under its warn_stock, or that a robot reports low or sold
-- out (an active stock alarm whose notifications since it opened name the product, newer than its last
-- restock). `reported` is the lowest level reported (the code's last digit). `urgency` orders the list:
-- sold out first (0), then the lowest stock / warn_stock ratio. Withdrawn (frozen) products are not sold:
-- nothing to refill.
CREATE VIEW restock_line AS
SELECT p._id, p.integrator, p.dealer, p.code, p.name, p.type, p.devices, p.stock, p.warn_stock, p.version,
       r.reported,
       (p.stock = 0 OR r.reported = 0) AS sold_out,
       CASE WHEN p.stock = 0 OR r.reported = 0 THEN 0
            ELSE round(LEAST(p.stock, coalesce(r.reported, p.stock))::numeric / GREATEST(p.warn_stock, 1), 4)
       END AS urgency
  FROM product p
  LEFT JOIN LATERAL (
    SELECT min(a.code) - 200000 AS reported
      FROM alarm a
     WHERE a.dealer = p.dealer AND a.code BETWEEN 200000 AND 200009 AND a.state <> 'cleared'
       AND EXISTS (
         SELECT 1 FROM message m
          WHERE m.device = a.device AND m.code = a.code AND m.create_time >= a.first_seen
            AND m.create_time > coalesce(p.restock_time, '-infinity'::timestamptz)
            AND (m.detail->>'product' = p._id OR m.detail->>'product_code' = p.code))
  ) r ON true
 WHERE p.stock >= 0 AND NOT p."freeze" AND (p.stock <= p.warn_stock OR r.reported IS NOT NULL);
