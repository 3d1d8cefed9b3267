-- RFC 8555 §7.4: the validity a newOrder asked for (notBefore, notAfter), issued exactly at finalize; null when the
-- order asked for none (the policy's lifetime, capped at the end of the paid period).
ALTER TABLE acme_orders ADD COLUMN not_before timestamptz;
ALTER TABLE acme_orders ADD COLUMN not_after timestamptz;
ALTER TABLE acme_orders ADD CONSTRAINT acme_orders_validity CHECK (not_after IS NULL OR not_before IS NULL OR not_after > not_before);
