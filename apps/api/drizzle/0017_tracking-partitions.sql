-- The five tracking tables become partitioned by month (docs/deployment.md, "Native partitioning
-- by month"). Hand-written: drizzle-kit would alter the tables in place, which PostgreSQL cannot do
-- for partitioning. The tables are renamed aside, partitioned parents take their names, the rows
-- are copied month by month into the partitions, every index and constraint is created on the
-- parents (they cascade to the partitions), the ids continue from the old maximum, and the old
-- tables are dropped. Runs in the migration's one transaction: a failure leaves the old tables.
--
-- Each child copies its parent's time so that its foreign key can name the parent's whole key:
--   tracking_files            by arrived_at
--   tracking_file_events      by file_arrived_at        (the file's month)
--   tracking_documents        by created_at             (+ file_arrived_at for the file key)
--   delivery_documents        by document_created_at    (the document's month)
--   delivery_document_events  by document_created_at    (the document's month)
-- The ingestion API's unique external ids move to the unpartitioned tracking_file_keys and
-- tracking_document_keys: a unique index on a partitioned table would have to hold the month.

-- 1. The old tables step aside and give up the names of their keys, indexes and sequences.
ALTER TABLE delivery_document_events DROP CONSTRAINT delivery_document_events_delivery_id_delivery_documents_id_fk;--> statement-breakpoint
ALTER TABLE delivery_documents DROP CONSTRAINT delivery_documents_document_id_tracking_documents_id_fk;--> statement-breakpoint
ALTER TABLE tracking_documents DROP CONSTRAINT tracking_documents_file_id_tracking_files_id_fk;--> statement-breakpoint
ALTER TABLE tracking_file_events DROP CONSTRAINT tracking_file_events_file_id_tracking_files_id_fk;--> statement-breakpoint
DO $$
DECLARE
  t text;
  i text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tracking_files', 'tracking_file_events', 'tracking_documents',
                           'delivery_documents', 'delivery_document_events'] LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_pkey');
    FOR i IN SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = t LOOP
      EXECUTE format('DROP INDEX %I', i);
    END LOOP;
    EXECUTE format('ALTER TABLE %I ALTER COLUMN id DROP IDENTITY', t);
    EXECUTE format('ALTER TABLE %I RENAME TO %I', t, t || '_unpartitioned');
  END LOOP;
END $$;--> statement-breakpoint

-- 2. Partitioned parents with the same columns, defaults and checks, plus the copied times.
CREATE TABLE tracking_files (LIKE tracking_files_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
  PARTITION BY RANGE (arrived_at);--> statement-breakpoint
CREATE TABLE tracking_file_events (
  LIKE tracking_file_events_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
  file_arrived_at timestamp with time zone NOT NULL
) PARTITION BY RANGE (file_arrived_at);--> statement-breakpoint
CREATE TABLE tracking_documents (
  LIKE tracking_documents_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
  file_arrived_at timestamp with time zone NOT NULL
) PARTITION BY RANGE (created_at);--> statement-breakpoint
CREATE TABLE delivery_documents (
  LIKE delivery_documents_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
  document_created_at timestamp with time zone NOT NULL
) PARTITION BY RANGE (document_created_at);--> statement-breakpoint
CREATE TABLE delivery_document_events (
  LIKE delivery_document_events_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
  document_created_at timestamp with time zone NOT NULL
) PARTITION BY RANGE (document_created_at);--> statement-breakpoint

-- 3. Monthly partitions (months in UTC), one DEFAULT partition per table for rows outside them.
-- Creates the partitions of the months from `first_month` to `last_month` that do not exist yet,
-- for all five tables, and answers what it did per partition. A month whose rows already sit in
-- the DEFAULT partition is left out ('blockedByDefault'): PostgreSQL refuses a partition whose
-- range the DEFAULT partition holds rows of, and moving them out would fire the foreign keys'
-- ON DELETE CASCADE on their children. Used by this migration, the job
-- create-tracking-partitions.v1 and the demo data generator.
CREATE FUNCTION create_tracking_partitions(first_month date, last_month date)
  RETURNS TABLE (partition_name text, outcome text)
  LANGUAGE plpgsql AS $$
DECLARE
  tables text[] := ARRAY['tracking_files', 'tracking_file_events', 'tracking_documents',
                         'delivery_documents', 'delivery_document_events'];
  keys text[] := ARRAY['arrived_at', 'file_arrived_at', 'created_at',
                       'document_created_at', 'document_created_at'];
  month date := date_trunc('month', first_month)::date;
  lower_bound timestamptz;
  upper_bound timestamptz;
  blocked boolean;
BEGIN
  -- Two workers starting together take turns instead of racing to create the same table.
  PERFORM pg_advisory_xact_lock(7311016);
  WHILE month <= last_month LOOP
    lower_bound := month::timestamp AT TIME ZONE 'UTC';
    upper_bound := (month + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    FOR n IN 1 .. array_length(tables, 1) LOOP
      partition_name := format('%s_y%sm%s', tables[n], to_char(month, 'YYYY'), to_char(month, 'MM'));
      CONTINUE WHEN to_regclass(partition_name) IS NOT NULL;
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)',
                     tables[n] || '_default', keys[n], keys[n])
        INTO blocked USING lower_bound, upper_bound;
      IF blocked THEN
        outcome := 'blockedByDefault';
      ELSE
        EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                       partition_name, tables[n], lower_bound, upper_bound);
        outcome := 'created';
      END IF;
      RETURN NEXT;
    END LOOP;
    month := (month + interval '1 month')::date;
  END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE tracking_files_default PARTITION OF tracking_files DEFAULT;--> statement-breakpoint
CREATE TABLE tracking_file_events_default PARTITION OF tracking_file_events DEFAULT;--> statement-breakpoint
CREATE TABLE tracking_documents_default PARTITION OF tracking_documents DEFAULT;--> statement-breakpoint
CREATE TABLE delivery_documents_default PARTITION OF delivery_documents DEFAULT;--> statement-breakpoint
CREATE TABLE delivery_document_events_default PARTITION OF delivery_document_events DEFAULT;--> statement-breakpoint
-- The data's span and three months ahead; at most ten years back (older rows go to DEFAULT, where
-- they stay readable: a typo'd year must not create hundreds of empty partitions).
SELECT count(*) FROM create_tracking_partitions(
  greatest(
    least(
      (SELECT min(arrived_at) FROM tracking_files_unpartitioned),
      (SELECT min(created_at) FROM tracking_documents_unpartitioned),
      now()
    ),
    now() - interval '10 years'
  )::date,
  greatest(
    (SELECT max(arrived_at) FROM tracking_files_unpartitioned),
    (SELECT max(created_at) FROM tracking_documents_unpartitioned),
    now() + interval '3 months'
  )::date
);--> statement-breakpoint

-- 4. The rows, with the copied times. Indexes come after: building them once is faster than
-- keeping them up to date row by row.
INSERT INTO tracking_files SELECT * FROM tracking_files_unpartitioned;--> statement-breakpoint
INSERT INTO tracking_file_events
  SELECT e.*, f.arrived_at FROM tracking_file_events_unpartitioned e
    JOIN tracking_files_unpartitioned f ON f.id = e.file_id;--> statement-breakpoint
INSERT INTO tracking_documents
  SELECT d.*, f.arrived_at FROM tracking_documents_unpartitioned d
    JOIN tracking_files_unpartitioned f ON f.id = d.file_id;--> statement-breakpoint
INSERT INTO delivery_documents
  SELECT dd.*, d.created_at FROM delivery_documents_unpartitioned dd
    JOIN tracking_documents_unpartitioned d ON d.id = dd.document_id;--> statement-breakpoint
INSERT INTO delivery_document_events
  SELECT ev.*, d.created_at FROM delivery_document_events_unpartitioned ev
    JOIN delivery_documents_unpartitioned dd ON dd.id = ev.delivery_id
    JOIN tracking_documents_unpartitioned d ON d.id = dd.document_id;--> statement-breakpoint

-- 5. Ids continue after the old maximum.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tracking_files', 'tracking_file_events', 'tracking_documents',
                           'delivery_documents', 'delivery_document_events'] LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME %I)',
                   t, t || '_id_seq');
    EXECUTE format('SELECT setval(%L, coalesce((SELECT max(id) FROM %I), 0) + 1, false)', t || '_id_seq', t);
  END LOOP;
END $$;--> statement-breakpoint

-- 6. Keys and foreign keys. A child's foreign key names its parent's whole key; ON UPDATE CASCADE
-- copies a new time down (and PostgreSQL moves the rows to the new month's partition).
ALTER TABLE tracking_files ADD CONSTRAINT tracking_files_pkey PRIMARY KEY (id, arrived_at);--> statement-breakpoint
ALTER TABLE tracking_file_events ADD CONSTRAINT tracking_file_events_pkey PRIMARY KEY (id, file_arrived_at);--> statement-breakpoint
ALTER TABLE tracking_documents ADD CONSTRAINT tracking_documents_pkey PRIMARY KEY (id, created_at);--> statement-breakpoint
ALTER TABLE delivery_documents ADD CONSTRAINT delivery_documents_pkey PRIMARY KEY (id, document_created_at);--> statement-breakpoint
ALTER TABLE delivery_document_events ADD CONSTRAINT delivery_document_events_pkey PRIMARY KEY (id, document_created_at);--> statement-breakpoint
ALTER TABLE tracking_files ADD CONSTRAINT tracking_files_customer_id_customers_id_fk
  FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE tracking_files ADD CONSTRAINT tracking_files_receiver_customer_id_customers_id_fk
  FOREIGN KEY (receiver_customer_id) REFERENCES customers(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE tracking_file_events ADD CONSTRAINT tracking_file_events_file_fk
  FOREIGN KEY (file_id, file_arrived_at) REFERENCES tracking_files(id, arrived_at)
  ON DELETE CASCADE ON UPDATE CASCADE;--> statement-breakpoint
ALTER TABLE tracking_documents ADD CONSTRAINT tracking_documents_file_fk
  FOREIGN KEY (file_id, file_arrived_at) REFERENCES tracking_files(id, arrived_at)
  ON DELETE CASCADE ON UPDATE CASCADE;--> statement-breakpoint
ALTER TABLE delivery_documents ADD CONSTRAINT delivery_documents_document_fk
  FOREIGN KEY (document_id, document_created_at) REFERENCES tracking_documents(id, created_at)
  ON DELETE CASCADE ON UPDATE CASCADE;--> statement-breakpoint
ALTER TABLE delivery_document_events ADD CONSTRAINT delivery_document_events_delivery_fk
  FOREIGN KEY (delivery_id, document_created_at) REFERENCES delivery_documents(id, document_created_at)
  ON DELETE CASCADE ON UPDATE CASCADE;--> statement-breakpoint

-- 7. Idempotency of the ingestion API, across months. The foreign key is deferred: ingestion
-- claims the key (with an id taken from the file's sequence) before it writes the row.
CREATE TABLE tracking_file_keys (
  customer_id integer NOT NULL,
  external_id text NOT NULL,
  file_id bigint NOT NULL,
  file_arrived_at timestamp with time zone NOT NULL,
  CONSTRAINT tracking_file_keys_pkey PRIMARY KEY (customer_id, external_id)
);--> statement-breakpoint
CREATE TABLE tracking_document_keys (
  customer_id integer NOT NULL,
  external_document_id text NOT NULL,
  document_id bigint NOT NULL,
  document_created_at timestamp with time zone NOT NULL,
  CONSTRAINT tracking_document_keys_pkey PRIMARY KEY (customer_id, external_document_id)
);--> statement-breakpoint
INSERT INTO tracking_file_keys
  SELECT customer_id, external_id, id, arrived_at FROM tracking_files WHERE external_id IS NOT NULL;--> statement-breakpoint
INSERT INTO tracking_document_keys
  SELECT customer_id, external_document_id, id, created_at FROM tracking_documents;--> statement-breakpoint
ALTER TABLE tracking_file_keys ADD CONSTRAINT tracking_file_keys_customer_id_customers_id_fk
  FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE tracking_file_keys ADD CONSTRAINT tracking_file_keys_file_fk
  FOREIGN KEY (file_id, file_arrived_at) REFERENCES tracking_files(id, arrived_at)
  ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE tracking_document_keys ADD CONSTRAINT tracking_document_keys_customer_id_customers_id_fk
  FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE tracking_document_keys ADD CONSTRAINT tracking_document_keys_document_fk
  FOREIGN KEY (document_id, document_created_at) REFERENCES tracking_documents(id, created_at)
  ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
-- Time first: the purge finds a month's keys by range, the foreign key by both columns.
CREATE INDEX tracking_file_keys_file_idx ON tracking_file_keys (file_arrived_at, file_id);--> statement-breakpoint
CREATE INDEX tracking_document_keys_document_idx ON tracking_document_keys (document_created_at, document_id);--> statement-breakpoint

-- 8. Every index of 0011 and 0012, on the parents (each partition gets its own).
CREATE INDEX tracking_files_customer_status_arrived_idx
  ON tracking_files (customer_id, status, arrived_at DESC NULLS LAST, id DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX tracking_files_customer_filename_idx ON tracking_files (customer_id, lower(filename), id);--> statement-breakpoint
CREATE INDEX tracking_files_customer_documents_idx ON tracking_files (customer_id, document_count, id);--> statement-breakpoint
CREATE INDEX tracking_files_receiver_idx
  ON tracking_files (receiver_customer_id) WHERE receiver_customer_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX tracking_files_customer_arrived_idx
  ON tracking_files (customer_id, arrived_at DESC, id DESC) INCLUDE (status, channels);--> statement-breakpoint
CREATE INDEX tracking_files_filename_trgm_idx
  ON tracking_files USING gin (customer_id, lower(filename) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_files_sub_customer_trgm_idx
  ON tracking_files USING gin (customer_id, lower(sub_customer_id) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_files_agreement_trgm_idx
  ON tracking_files USING gin (customer_id, lower(customer_agreement) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_files_application_trgm_idx
  ON tracking_files USING gin (customer_id, lower(application) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_files_item_reference_trgm_idx
  ON tracking_files USING gin (customer_id, lower(item_reference) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_files_sender_trgm_idx
  ON tracking_files USING gin (customer_id, lower(sender_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_files_receiver_trgm_idx
  ON tracking_files USING gin (customer_id, lower(receiver_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_file_events_file_idx ON tracking_file_events (file_id, occurred_at);--> statement-breakpoint
CREATE INDEX tracking_documents_customer_status_created_idx
  ON tracking_documents (customer_id, status, created_at DESC NULLS LAST, id DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX tracking_documents_file_idx ON tracking_documents (file_id, file_arrived_at);--> statement-breakpoint
CREATE INDEX tracking_documents_customer_external_idx
  ON tracking_documents (customer_id, external_document_id);--> statement-breakpoint
CREATE INDEX tracking_documents_customer_created_idx
  ON tracking_documents (customer_id, created_at DESC, id DESC) INCLUDE (status, channels);--> statement-breakpoint
CREATE INDEX tracking_documents_external_prefix_idx
  ON tracking_documents (customer_id, lower(external_document_id) text_pattern_ops);--> statement-breakpoint
CREATE INDEX tracking_documents_invoice_prefix_idx
  ON tracking_documents (customer_id, lower(invoice_number) text_pattern_ops);--> statement-breakpoint
CREATE INDEX tracking_documents_message_prefix_idx
  ON tracking_documents (customer_id, lower(message_id) text_pattern_ops);--> statement-breakpoint
CREATE INDEX tracking_documents_external_trgm_idx
  ON tracking_documents USING gin (customer_id, lower(external_document_id) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_documents_invoice_trgm_idx
  ON tracking_documents USING gin (customer_id, lower(invoice_number) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_documents_message_trgm_idx
  ON tracking_documents USING gin (customer_id, lower(message_id) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_documents_recipient_trgm_idx
  ON tracking_documents USING gin (customer_id, lower(recipient_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX tracking_documents_e_address_trgm_idx
  ON tracking_documents USING gin (customer_id, lower(e_address) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX delivery_documents_document_delivery_key
  ON delivery_documents (document_id, delivery_document_id, document_created_at);--> statement-breakpoint
CREATE INDEX delivery_document_events_delivery_idx ON delivery_document_events (delivery_id, occurred_at);--> statement-breakpoint

-- 9. The old tables go, children first.
DROP TABLE delivery_document_events_unpartitioned;--> statement-breakpoint
DROP TABLE delivery_documents_unpartitioned;--> statement-breakpoint
DROP TABLE tracking_documents_unpartitioned;--> statement-breakpoint
DROP TABLE tracking_file_events_unpartitioned;--> statement-breakpoint
DROP TABLE tracking_files_unpartitioned;--> statement-breakpoint
-- Autovacuum analyzes partitions but never a partitioned parent: the planner's estimates for
-- the parents (joins, counts) come from here.
ANALYZE tracking_files, tracking_file_events, tracking_documents, delivery_documents,
  delivery_document_events, tracking_file_keys, tracking_document_keys;
