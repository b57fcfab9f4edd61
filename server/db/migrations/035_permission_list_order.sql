-- permission-list-order: written by `npm run db:migration` from the declarations in resources/. Review it, then commit it.

-- no index on permission (create_time) for the list sorted by create_time
CREATE INDEX IF NOT EXISTS permission_create_time ON permission (create_time DESC);
