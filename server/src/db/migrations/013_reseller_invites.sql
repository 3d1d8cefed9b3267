-- The companies a reseller invited by email (issue 13). One row per reseller and address: inviting again
-- sends the mail again and counts it. Whether the company registered is read from service_providers
-- (same address, same reseller), never stored twice.

CREATE TABLE reseller_invites (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reseller_id  uuid NOT NULL REFERENCES resellers (id) ON DELETE CASCADE,
  email        text NOT NULL CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 254),
  company_name text CHECK (char_length(company_name) BETWEEN 1 AND 100),
  first_name   text CHECK (char_length(first_name) BETWEEN 1 AND 100),
  last_name    text CHECK (char_length(last_name) BETWEEN 1 AND 100),
  sent_count   integer NOT NULL DEFAULT 1 CHECK (sent_count >= 1),
  sent_on      timestamptz NOT NULL DEFAULT now(),
  created_on   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reseller_id, email)
);
CREATE INDEX reseller_invites_list_idx ON reseller_invites (reseller_id, sent_on DESC);

