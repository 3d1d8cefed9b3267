-- Stripe mode end to end: the provider's invoice behind each invoice row (dedupes a provider's invoice events and
-- finds its hosted page and PDF), and when a checkout's payment page closes at the provider.

ALTER TABLE invoices ADD COLUMN provider_ref text CHECK (provider_ref IS NULL OR char_length(provider_ref) <= 255);
CREATE UNIQUE INDEX invoices_provider_ref_idx ON invoices (provider_ref) WHERE provider_ref IS NOT NULL;

-- The provider's own expiry of the payment page (Stripe: expires_at of the Checkout Session); NULL when it has none.
ALTER TABLE checkouts ADD COLUMN expires_on timestamptz;
-- The sweep that closes payment pages left open.
CREATE INDEX checkouts_open_idx ON checkouts (created_on) WHERE status = 'open';
