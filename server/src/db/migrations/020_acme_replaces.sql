-- ARI (RFC 9773 §5): the certificate a new order replaces, as the client named it (its certID) and as found. A
-- certificate is replaced by one order at a time (newOrder checks it with the certificate's row locked).
ALTER TABLE acme_orders ADD COLUMN replaces text CHECK (char_length(replaces) <= 200);
ALTER TABLE acme_orders ADD COLUMN replaces_certificate_id uuid REFERENCES certificates (id);
CREATE INDEX acme_orders_replaces ON acme_orders (replaces_certificate_id) WHERE replaces_certificate_id IS NOT NULL;
