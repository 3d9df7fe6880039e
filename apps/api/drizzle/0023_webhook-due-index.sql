SET LOCAL lock_timeout = '1s';--> statement-breakpoint
-- webhook_deliveries_due_order_idx ("next_attempt_at", "event_id") WHERE state IN ('pending', 'failing')
-- is built concurrently after this migration commits (CONCURRENT_INDEXES in src/db/concurrent-indexes.ts):
-- a plain CREATE INDEX would block the table's writes while it builds.
