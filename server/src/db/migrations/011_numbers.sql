-- Telephone numbers and their imports (API.md "Number import files").
-- "Number contains" is a trigram index (pg_trgm: on PostgreSQL 15, and loaded by the PGlite driver).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One uploaded file and what became of it. file_path is relative to DATA_DIR while the file waits to be read.
-- run_id names the attempt allowed to commit (a retry takes over with a new one); heartbeat_on moves with it.
CREATE TABLE number_imports (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_provider_id uuid NOT NULL REFERENCES service_providers (id) ON DELETE CASCADE,
  imported_by         uuid REFERENCES accounts (id) ON DELETE SET NULL,
  filename            text NOT NULL CHECK (char_length(filename) BETWEEN 1 AND 255),
  file_path           text,
  size_bytes          bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  status              text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  count               integer NOT NULL DEFAULT 0 CHECK (count >= 0),
  success_count       integer NOT NULL DEFAULT 0 CHECK (success_count >= 0),
  fail_count          integer NOT NULL DEFAULT 0 CHECK (fail_count >= 0),
  reason              text,
  attempts            integer NOT NULL DEFAULT 0,
  run_id              uuid,
  imported_on         timestamptz NOT NULL DEFAULT now(),
  started_on          timestamptz,
  heartbeat_on        timestamptz,
  completed_on        timestamptz,
  CHECK (status <> 'completed' OR success_count + fail_count = count)
);
CREATE INDEX number_imports_provider_idx ON number_imports (service_provider_id, imported_on DESC, id);
CREATE INDEX number_imports_open_idx ON number_imports (heartbeat_on) WHERE status IN ('pending', 'processing');

-- A provider's numbers: one row per number, unique per provider. The names sort and compare bytewise (C) on
-- every server, so that paging, the filters and the dropdowns' prefix search agree between PGlite and PostgreSQL.
-- No foreign key and no CHECK on tn: a million-row import would pay a trigger and a regex per row. Numbers are
-- only written by an import's committing transaction, with the provider of its (foreign-keyed) import row and
-- numbers the importer has validated; deleting a provider must delete its numbers (no route deletes one today).
CREATE TABLE numbers (
  service_provider_id uuid NOT NULL,
  tn                  text NOT NULL,
  tn_uuid             uuid NOT NULL DEFAULT gen_random_uuid(),
  voip_user           text COLLATE "C" CHECK (char_length(voip_user) <= 100),
  organization        text COLLATE "C" CHECK (char_length(organization) <= 100),
  assigned_on         date,
  import_id           uuid,
  created_on          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service_provider_id, tn)
);
-- Each sort of the listing, ended by tn (unique per provider) so that pages never overlap.
CREATE INDEX numbers_created_idx ON numbers (service_provider_id, created_on, tn);
CREATE INDEX numbers_assigned_idx ON numbers (service_provider_id, assigned_on, tn);
CREATE INDEX numbers_voip_user_idx ON numbers (service_provider_id, voip_user, tn);
CREATE INDEX numbers_organization_idx ON numbers (service_provider_id, organization, tn);
CREATE INDEX numbers_tn_trgm_idx ON numbers USING gin (tn gin_trgm_ops);

-- How many numbers each provider holds: the listing's unfiltered total without counting a million rows.
-- Kept by the import's committing transaction (the only writer of numbers).
CREATE TABLE number_counts (
  service_provider_id uuid PRIMARY KEY REFERENCES service_providers (id) ON DELETE CASCADE,
  total               bigint NOT NULL DEFAULT 0 CHECK (total >= 0)
);

-- Rows of an import being read: written batch by batch by one attempt (run_id), read by its committing
-- transaction, then deleted. Nothing here is a number yet: a crash leaves only rows the next attempt discards.
CREATE UNLOGGED TABLE number_import_staging (
  run_id          uuid NOT NULL,
  import_id       uuid NOT NULL,
  line            integer NOT NULL,
  tn              text,
  tn_raw          text,
  voip_user       text,
  organization    text,
  assigned_on_raw text,
  assigned_on     date,
  reason          text
);
-- No index: an index would cost every staged row, and the table only holds the imports running now.

-- The rejected rows of a completed import with their reason: the error report, read in line order.
CREATE TABLE number_import_errors (
  import_id    uuid NOT NULL REFERENCES number_imports (id) ON DELETE CASCADE,
  line         integer NOT NULL,
  tn           text,
  voip_user    text,
  organization text,
  assigned_on  text,
  reason       text NOT NULL,
  PRIMARY KEY (import_id, line)
);
