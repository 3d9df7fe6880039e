-- EDI tracking at scale: what drizzle cannot express. See docs/edi-tracking.md for the plans.

-- The default views (newest first within an account, errors first): read from the index alone.
CREATE INDEX edi_consignments_customer_received_idx
  ON edi_consignments (customer_id, received_at DESC, id DESC) INCLUDE (status, direction);--> statement-breakpoint
CREATE INDEX edi_documents_customer_created_idx
  ON edi_documents (customer_id, created_at DESC, id DESC) INCLUDE (status, direction, category, consignment_ref);--> statement-breakpoint
CREATE INDEX edi_messages_customer_created_idx
  ON edi_messages (customer_id, created_at DESC, id DESC) INCLUDE (status, direction, category, consignment_ref);--> statement-breakpoint

-- Filters on the consignment's fields (names, addresses, file name, id) reach documents and
-- messages through their consignment: a consignment's documents and messages in list order,
-- from the index alone.
CREATE INDEX edi_documents_consignment_created_idx
  ON edi_documents (consignment_ref, created_at DESC, id DESC) INCLUDE (customer_id);--> statement-breakpoint
CREATE INDEX edi_messages_consignment_created_idx
  ON edi_messages (consignment_ref, created_at DESC, id DESC) INCLUDE (customer_id);--> statement-breakpoint

-- An account's consignments with the fields its text filters read, side by side: a search that
-- matches most of them (a common word, "does not contain") reads this instead of one heap page
-- per consignment (accounts' rows are spread over the whole table).
CREATE INDEX edi_consignments_customer_fields_idx
  ON edi_consignments (customer_id, id)
  INCLUDE (sender_name, receiver_name, sender_address, receiver_address, filename, consignment_id);--> statement-breakpoint

-- Sender and receiver name and address, file name: trigrams within the account (btree_gin).
CREATE INDEX edi_consignments_sender_name_trgm_idx
  ON edi_consignments USING gin (customer_id, lower(sender_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX edi_consignments_receiver_name_trgm_idx
  ON edi_consignments USING gin (customer_id, lower(receiver_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX edi_consignments_sender_address_trgm_idx
  ON edi_consignments USING gin (customer_id, lower(sender_address) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX edi_consignments_receiver_address_trgm_idx
  ON edi_consignments USING gin (customer_id, lower(receiver_address) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX edi_consignments_customer_filename_trgm_idx
  ON edi_consignments USING gin (customer_id, lower(filename) gin_trgm_ops);--> statement-breakpoint

-- Exact and starts-with on ids: a B-tree per account (ids share long prefixes, so trigrams of
-- them are in nearly every row).
CREATE INDEX edi_consignments_id_prefix_idx
  ON edi_consignments (customer_id, lower(consignment_id) text_pattern_ops);--> statement-breakpoint
CREATE INDEX edi_documents_id_prefix_idx
  ON edi_documents (customer_id, lower(document_id) text_pattern_ops);--> statement-breakpoint
CREATE INDEX edi_messages_id_prefix_idx
  ON edi_messages (customer_id, lower(message_id) text_pattern_ops);
