-- A checkout remembers whether the payer asked to keep the card it pays with for automatic renewal
-- (docs/billing.md). Unset for every checkout opened before.
ALTER TABLE checkouts ADD COLUMN save_card boolean NOT NULL DEFAULT false;
