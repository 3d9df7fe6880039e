SET LOCAL lock_timeout = '1s';--> statement-breakpoint
-- Deleting an endpoint marks it; the purge removes its log in batches, then the row (docs/webhooks.md).
ALTER TABLE "webhook_endpoints" ADD COLUMN "deleted_at" timestamp with time zone;