-- Billing: checkouts (payment pages), payments, gap-free invoices, the sandbox gateway's customers and cards,
-- provider events seen (dedupe) and the log of subscription changes.

ALTER TABLE service_providers ADD COLUMN payment_customer_ref text UNIQUE;

-- provider_ref: the payment provider's subscription (Stripe) or our own ref in the sandbox.
ALTER TABLE subscriptions ADD COLUMN provider_ref text UNIQUE;
ALTER TABLE subscriptions ADD COLUMN canceled_on timestamptz;
-- The period end a renewal reminder was sent for: one reminder per period.
ALTER TABLE subscriptions ADD COLUMN reminder_sent_for timestamptz;
CREATE INDEX subscriptions_due_idx ON subscriptions (current_period_end) WHERE status = 'active';

-- One row: the last invoice number handed out. Taken with UPDATE ... RETURNING inside the invoice's own
-- transaction, so a rolled-back invoice gives its number back and the sequence has no gaps.
CREATE TABLE invoice_counter (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_number integer NOT NULL CHECK (last_number >= 0)
);
INSERT INTO invoice_counter (id, last_number) VALUES (true, 0);

CREATE TABLE invoices (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id  uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  subscription_id      uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  invoice_number       integer NOT NULL UNIQUE CHECK (invoice_number > 0),
  amount               numeric(10, 2) NOT NULL CHECK (amount > 0),
  status               text NOT NULL CHECK (status IN ('open', 'paid', 'void')),
  description          text NOT NULL CHECK (char_length(description) <= 200),
  start_billing_cycle  timestamptz NOT NULL,
  end_billing_cycle    timestamptz NOT NULL,
  billing_cycle_months integer NOT NULL CHECK (billing_cycle_months IN (1, 12)),
  transaction_id       text,
  pdf                  bytea CHECK (pdf IS NULL OR octet_length(pdf) <= 10485760),
  receipt_sent_on      timestamptz,
  created_on           timestamptz NOT NULL DEFAULT now(),
  paid_on              timestamptz,
  CHECK (end_billing_cycle > start_billing_cycle),
  CHECK ((status = 'paid') = (paid_on IS NOT NULL))
);
CREATE INDEX invoices_sp_idx ON invoices (service_provider_id, created_on DESC);

CREATE TABLE checkouts (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  subscription_id     uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  purpose             text NOT NULL CHECK (purpose IN ('subscription', 'extension', 'past_due')),
  recurring_interval  text NOT NULL CHECK (recurring_interval IN ('month', 'year')),
  amount              numeric(10, 2) NOT NULL CHECK (amount > 0),
  status              text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'expired', 'failed')),
  provider_ref        text UNIQUE,
  url                 text CHECK (url IS NULL OR char_length(url) <= 2048),
  invoice_id          uuid REFERENCES invoices (id) ON DELETE SET NULL,
  created_on          timestamptz NOT NULL DEFAULT now(),
  paid_on             timestamptz,
  CHECK ((status = 'paid') = (paid_on IS NOT NULL))
);
CREATE INDEX checkouts_sp_idx ON checkouts (service_provider_id, created_on DESC);

CREATE TABLE payments (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  subscription_id     uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  invoice_id          uuid REFERENCES invoices (id) ON DELETE SET NULL,
  checkout_id         uuid UNIQUE REFERENCES checkouts (id) ON DELETE SET NULL,
  amount              numeric(10, 2) NOT NULL CHECK (amount > 0),
  transaction_id      text NOT NULL UNIQUE CHECK (char_length(transaction_id) BETWEEN 1 AND 255),
  created_on          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_sp_idx ON payments (service_provider_id, created_on DESC);

-- Every provider event handled, by its id: a replayed webhook finds its row and changes nothing.
CREATE TABLE payment_events (
  event_id     text PRIMARY KEY CHECK (char_length(event_id) BETWEEN 1 AND 255),
  type         text NOT NULL,
  received_on  timestamptz NOT NULL DEFAULT now(),
  processed_on timestamptz
);

CREATE TABLE subscription_changes (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  subscription_id     uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  -- 'system', 'payment provider', or the account id of the person
  actor               text NOT NULL CHECK (char_length(actor) <= 100),
  change              text NOT NULL CHECK (char_length(change) <= 100),
  from_value          text,
  to_value            text,
  created_on          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_changes_sp_idx ON subscription_changes (service_provider_id, created_on DESC);

-- The sandbox gateway's own records (PAYMENTS=sandbox). A card keeps what a provider would show: never the
-- number or the CVC; `behaviour` says how the test card answers charges.
CREATE TABLE sandbox_customers (
  ref                 text PRIMARY KEY CHECK (ref ~ '^cus_sb_[A-Za-z0-9]+$'),
  service_provider_id uuid NOT NULL UNIQUE REFERENCES service_providers (id) ON DELETE CASCADE,
  email               text NOT NULL,
  name                text NOT NULL,
  created_on          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_cards (
  id          text PRIMARY KEY CHECK (id ~ '^card_sb_[A-Za-z0-9]+$'),
  customer    text NOT NULL REFERENCES sandbox_customers (ref) ON DELETE CASCADE,
  brand       text NOT NULL CHECK (char_length(brand) <= 20),
  last4       text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month   integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year    integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2200),
  line1       text NOT NULL CHECK (char_length(line1) <= 200),
  state       text NOT NULL CHECK (char_length(state) <= 50),
  city        text NOT NULL CHECK (char_length(city) <= 100),
  postal_code text NOT NULL CHECK (char_length(postal_code) <= 10),
  behaviour   text NOT NULL CHECK (behaviour IN ('succeeds', 'declines')),
  created     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_cards_customer_idx ON payment_cards (customer, created DESC);

-- Renewal charges by idempotency key: asking twice answers the first result.
CREATE TABLE sandbox_charges (
  idempotency_key text PRIMARY KEY CHECK (char_length(idempotency_key) <= 255),
  customer        text NOT NULL,
  amount          numeric(10, 2) NOT NULL CHECK (amount > 0),
  status          text NOT NULL CHECK (status IN ('paid', 'failed')),
  transaction_id  text UNIQUE,
  reason          text,
  created_on      timestamptz NOT NULL DEFAULT now()
);
