-- EDI tracking at scale: what drizzle cannot express. See docs/edi-tracking.md for the plans.

-- The default views (newest first within an account, errors first): read from the index alone.
CREATE INDEX edi_consignments_customer_received_idx
  ON edi_consignments (customer_id, received_at DESC, id DESC) INCLUDE (status, direction);--> statement-breakpoint
CREATE INDEX edi_documents_customer_created_idx
  ON edi_documents (customer_id, created_at DESC, id DESC) INCLUDE (status, direction, category);--> statement-breakpoint
CREATE INDEX edi_messages_customer_created_idx
  ON edi_messages (customer_id, created_at DESC, id DESC) INCLUDE (status, direction, category);--> statement-breakpoint

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
