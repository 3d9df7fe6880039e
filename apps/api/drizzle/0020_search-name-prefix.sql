-- The header search (docs/search.md) finds documents by the start of the recipient's name and by
-- the whole e-address. The trigram indexes of the list filters answer "contains", but for a
-- common first name they hand every "Anders …" of the account to a recheck (19 000 rows, 450 ms
-- at 5 M documents), and an invoice number that looks like a phone number every address sharing
-- its digits. A B-tree per account reads only what starts so, like the ids' indexes of 0012.
-- Building them blocks writes to tracking_documents (6 s each at 5 M documents, docs/deployment.md).
CREATE INDEX IF NOT EXISTS tracking_documents_recipient_prefix_idx
  ON tracking_documents (customer_id, lower(recipient_name) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tracking_documents_e_address_idx
  ON tracking_documents (customer_id, lower(e_address));
