-- restock_line.sold_out was NULL, not false, for a low product no robot had reported (`p.stock = 0 OR
-- r.reported = 0` with no report is NULL OR false): the Restock list's "sold out: no" filter left those lines out.
CREATE OR REPLACE VIEW restock_line AS
SELECT p._id, p.integrator, p.dealer, p.code, p.name, p.type, p.devices, p.stock, p.warn_stock, p.version,
       r.reported,
       (p.stock = 0 OR coalesce(r.reported = 0, false)) AS sold_out,
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
