-- The admin's dashboard (issue 13) reads each figure by a date range over the whole portal; without these, each
-- was a scan of its table (npm run bench:dashboard, 100,000 providers). Partial where the figure only counts some
-- rows, so that the index stays small and the write paths keep almost all of their speed.

-- new providers this month
CREATE INDEX service_providers_created_idx ON service_providers (created_on);
-- failed payments of the last 7 days: the change log's moves to past due
CREATE INDEX subscription_changes_past_due_idx ON subscription_changes (created_on)
  WHERE change = 'status' AND to_value = 'past_due';
-- certificates issued this month and per month
CREATE INDEX certificates_signed_created_idx ON certificates (created_on) WHERE status IN ('issued', 'revoked');
-- certificates expiring in the next 30 days
CREATE INDEX certificates_valid_not_after_idx ON certificates (not_after) WHERE status = 'issued';
-- revenue per month: read from the index alone
CREATE INDEX payments_created_idx ON payments (created_on) INCLUDE (amount);
