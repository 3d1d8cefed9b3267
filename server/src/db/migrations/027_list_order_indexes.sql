-- The order every list opens in, newest first with the id as the tiebreaker, read straight from an index: a first
-- page then reads its rows and stops, instead of sorting a batch of them (and, for the lists with a derived column,
-- deriving it for each row of that batch). The audit log has had such an index since 014.
CREATE INDEX service_providers_listed_idx ON service_providers (created_on DESC, id DESC);
CREATE INDEX service_providers_reseller_listed_idx ON service_providers (reseller_id, created_on DESC, id DESC);
CREATE INDEX payments_listed_idx ON payments (created_on DESC, id DESC);
CREATE INDEX invoices_listed_idx ON invoices (created_on DESC, id DESC);
CREATE INDEX subscription_changes_listed_idx ON subscription_changes (created_on DESC, id DESC);
-- One provider's payments, invoices and changes: the same order after the provider, in place of the indexes of 002
-- that stopped at the date.
CREATE INDEX payments_sp_listed_idx ON payments (service_provider_id, created_on DESC, id DESC);
DROP INDEX payments_sp_idx;
CREATE INDEX invoices_sp_listed_idx ON invoices (service_provider_id, created_on DESC, id DESC);
DROP INDEX invoices_sp_idx;
CREATE INDEX subscription_changes_sp_listed_idx ON subscription_changes (service_provider_id, created_on DESC, id DESC);
DROP INDEX subscription_changes_sp_idx;
