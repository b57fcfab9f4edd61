-- The whole order list in time order, read in keyset batches (export, the platform's own list): "after
-- (create_time, _id)" needs both columns in one index, or each batch re-sorts every order.
CREATE INDEX orders_time_id ON orders (create_time DESC, _id DESC);
