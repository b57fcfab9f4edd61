-- The webhook deliveries' queue (server/webhooks/queue.ts, QUEUE), created here, under the start-up lock, instead
-- of by each process as it starts: two processes creating it at once on a new database deadlocked (each
-- pg-boss create_queue inserts the queue's row, then adds a foreign key to that same table for its partition).
-- The call a process still makes at start (boss.createQueue) finds the row and does nothing.
SELECT pgboss.create_queue('webhook-delivery', '{"policy": "standard"}'::json);
