CREATE TABLE "tracking_document_counts" (
	"customer_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"channels" text[] NOT NULL,
	"documents" integer NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tracking_document_counts_customer_hour_idx" ON "tracking_document_counts" USING btree ("customer_id","hour");--> statement-breakpoint
CREATE INDEX "tracking_document_counts_deltas_idx" ON "tracking_document_counts" USING btree ("hour") WHERE NOT merged;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_document_counts_merged_key" ON "tracking_document_counts" USING btree ("customer_id","hour","status","channels") WHERE merged;--> statement-breakpoint
-- Deltas come and go every minute: vacuum after 1 % of the rows died, not the default 20 %.
ALTER TABLE tracking_document_counts SET (autovacuum_vacuum_scale_factor = 0.01);
--> statement-breakpoint
-- The overview's counts (tracking_document_counts, schema/tracking.ts) follow every change of
-- tracking_documents in the same transaction. Statement triggers with transition tables add one
-- row per hour, status and channel set that a statement changed, however many documents it
-- wrote: a COPY of thousands of documents costs one INSERT … SELECT. Updates add the difference
-- (nothing when status, channels, account and hour stayed). They fire for statements on the
-- partitioned table, which is where the Hub writes; the retention job deletes through it too.
CREATE FUNCTION tracking_document_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tracking_document_counts (customer_id, hour, status, channels, documents)
    SELECT customer_id, date_trunc('hour', created_at, 'UTC'), status, channels, count(*)
      FROM new_documents GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tracking_document_counts (customer_id, hour, status, channels, documents)
    SELECT customer_id, date_trunc('hour', created_at, 'UTC'), status, channels, -count(*)
      FROM old_documents GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO tracking_document_counts (customer_id, hour, status, channels, documents)
    SELECT customer_id, hour, status, channels, sum(n)
      FROM (SELECT customer_id, date_trunc('hour', created_at, 'UTC') AS hour, status, channels, 1 AS n
              FROM new_documents
            UNION ALL
            SELECT customer_id, date_trunc('hour', created_at, 'UTC'), status, channels, -1
              FROM old_documents) changes
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tracking_document_counts_insert AFTER INSERT ON tracking_documents
  REFERENCING NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION tracking_document_counts_follow();
--> statement-breakpoint
CREATE TRIGGER tracking_document_counts_update AFTER UPDATE ON tracking_documents
  REFERENCING OLD TABLE AS old_documents NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION tracking_document_counts_follow();
--> statement-breakpoint
CREATE TRIGGER tracking_document_counts_delete AFTER DELETE ON tracking_documents
  REFERENCING OLD TABLE AS old_documents
  FOR EACH STATEMENT EXECUTE FUNCTION tracking_document_counts_follow();
--> statement-breakpoint
CREATE FUNCTION tracking_document_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tracking_document_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tracking_document_counts_truncate AFTER TRUNCATE ON tracking_documents
  FOR EACH STATEMENT EXECUTE FUNCTION tracking_document_counts_truncate();
--> statement-breakpoint
-- Folds the deltas into one merged row per key (zero rows go), so the overview sums few rows.
-- Deltas written meanwhile by other transactions are not visible to the DELETE and stay for the
-- next run; two runs at once wait for each other's rows and never count a delta twice.
CREATE FUNCTION compact_tracking_document_counts() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
  emptied_customers integer[];
  emptied_hours timestamptz[];
BEGIN
  WITH deltas AS (
    DELETE FROM tracking_document_counts WHERE NOT merged
    RETURNING customer_id, hour, status, channels, documents
  ), sums AS (
    SELECT customer_id, hour, status, channels, sum(documents)::int AS documents, count(*) AS n
      FROM deltas GROUP BY 1, 2, 3, 4
  ), written AS (
    INSERT INTO tracking_document_counts AS c (customer_id, hour, status, channels, documents, merged)
    SELECT customer_id, hour, status, channels, documents, true FROM sums
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (customer_id, hour, status, channels) WHERE merged
      DO UPDATE SET documents = c.documents + EXCLUDED.documents
    RETURNING c.customer_id, c.hour, c.documents
  )
  SELECT (SELECT coalesce(sum(n), 0)::int FROM sums),
         array_agg(customer_id) FILTER (WHERE documents = 0),
         array_agg(hour) FILTER (WHERE documents = 0)
    INTO folded, emptied_customers, emptied_hours
    FROM written;
  -- Keys whose documents all moved on (a status they left) go.
  DELETE FROM tracking_document_counts c
   USING unnest(emptied_customers, emptied_hours) AS emptied(customer_id, hour)
   WHERE c.customer_id = emptied.customer_id AND c.hour = emptied.hour AND c.merged AND c.documents = 0;
  RETURN folded;
END $$;
--> statement-breakpoint
-- Counts every document anew, holding the table's writers off meanwhile (readers go on): for
-- this migration, and after the triggers were switched off on purpose (the ingestion benchmark).
CREATE FUNCTION recount_tracking_documents() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE tracking_documents IN SHARE MODE;
  DELETE FROM tracking_document_counts;
  INSERT INTO tracking_document_counts (customer_id, hour, status, channels, documents, merged)
  SELECT customer_id, date_trunc('hour', created_at, 'UTC'), status, channels, count(*), true
    FROM tracking_documents GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- The documents already there, counted once.
SELECT recount_tracking_documents();
