--
-- PostgreSQL database dump
--

\restrict g1QqM5uh0eRLDXhZVCjAUbseYgTLTwB3YrGd5HkbkXdIYb1vtoUvfiS4RHgvegR

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: pgboss; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA pgboss;


--
-- Name: job_state; Type: TYPE; Schema: pgboss; Owner: -
--

CREATE TYPE pgboss.job_state AS ENUM (
    'created',
    'retry',
    'active',
    'completed',
    'cancelled',
    'failed'
);


--
-- Name: create_queue(text, json); Type: FUNCTION; Schema: pgboss; Owner: -
--

CREATE FUNCTION pgboss.create_queue(queue_name text, options json) RETURNS void
    LANGUAGE plpgsql
    AS $_$
    DECLARE
      table_name varchar := 'j' || encode(sha224(queue_name::bytea), 'hex');
      queue_created_on timestamptz;
    BEGIN

      WITH q as (
      INSERT INTO pgboss.queue (
        name,
        policy,
        retry_limit,
        retry_delay,
        retry_backoff,
        expire_seconds,
        retention_minutes,
        dead_letter,
        partition_name
      )
      VALUES (
        queue_name,
        options->>'policy',
        (options->>'retryLimit')::int,
        (options->>'retryDelay')::int,
        (options->>'retryBackoff')::bool,
        (options->>'expireInSeconds')::int,
        (options->>'retentionMinutes')::int,
        options->>'deadLetter',
        table_name
      )
      ON CONFLICT DO NOTHING
      RETURNING created_on
      )
      SELECT created_on into queue_created_on from q;

      IF queue_created_on IS NULL THEN
        RETURN;
      END IF;

      EXECUTE format('CREATE TABLE pgboss.%I (LIKE pgboss.job INCLUDING DEFAULTS)', table_name);

      EXECUTE format('ALTER TABLE pgboss.%1$I ADD PRIMARY KEY (name, id)', table_name);
      EXECUTE format('ALTER TABLE pgboss.%1$I ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED', table_name);
      EXECUTE format('ALTER TABLE pgboss.%1$I ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i1 ON pgboss.%1$I (name, COALESCE(singleton_key, '''')) WHERE state = ''created'' AND policy = ''short''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i2 ON pgboss.%1$I (name, COALESCE(singleton_key, '''')) WHERE state = ''active'' AND policy = ''singleton''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i3 ON pgboss.%1$I (name, state, COALESCE(singleton_key, '''')) WHERE state <= ''active'' AND policy = ''stately''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i4 ON pgboss.%1$I (name, singleton_on, COALESCE(singleton_key, '''')) WHERE state <> ''cancelled'' AND singleton_on IS NOT NULL', table_name);
      EXECUTE format('CREATE INDEX %1$s_i5 ON pgboss.%1$I (name, start_after) INCLUDE (priority, created_on, id) WHERE state < ''active''', table_name);

      EXECUTE format('ALTER TABLE pgboss.%I ADD CONSTRAINT cjc CHECK (name=%L)', table_name, queue_name);
      EXECUTE format('ALTER TABLE pgboss.job ATTACH PARTITION pgboss.%I FOR VALUES IN (%L)', table_name, queue_name);
    END;
    $_$;


--
-- Name: delete_queue(text); Type: FUNCTION; Schema: pgboss; Owner: -
--

CREATE FUNCTION pgboss.delete_queue(queue_name text) RETURNS void
    LANGUAGE plpgsql
    AS $$
    DECLARE
      table_name varchar;
    BEGIN
      WITH deleted as (
        DELETE FROM pgboss.queue
        WHERE name = queue_name
        RETURNING partition_name
      )
      SELECT partition_name from deleted INTO table_name;

      EXECUTE format('DROP TABLE IF EXISTS pgboss.%I', table_name);
    END;
    $$;


--
-- Name: audit_log_append_only(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_log_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: archive; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.archive (
    id uuid NOT NULL,
    name text NOT NULL,
    priority integer NOT NULL,
    data jsonb,
    state pgboss.job_state NOT NULL,
    retry_limit integer NOT NULL,
    retry_count integer NOT NULL,
    retry_delay integer NOT NULL,
    retry_backoff boolean NOT NULL,
    start_after timestamp with time zone NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval NOT NULL,
    created_on timestamp with time zone NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    archived_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: job; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.job (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text
)
PARTITION BY LIST (name);


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    CONSTRAINT cjc CHECK ((name = 'housekeeping'::text))
);


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    CONSTRAINT cjc CHECK ((name = '__pgboss__send-it'::text))
);


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    CONSTRAINT cjc CHECK ((name = 'crl.refresh'::text))
);


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    CONSTRAINT cjc CHECK ((name = 'billing-renewals'::text))
);


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    CONSTRAINT cjc CHECK ((name = 'certificate-revoked-mail'::text))
);


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    CONSTRAINT cjc CHECK ((name = 'billing-invoice-documents'::text))
);


--
-- Name: queue; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.queue (
    name text NOT NULL,
    policy text,
    retry_limit integer,
    retry_delay integer,
    retry_backoff boolean,
    expire_seconds integer,
    retention_minutes integer,
    dead_letter text,
    partition_name text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: schedule; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.schedule (
    name text NOT NULL,
    cron text NOT NULL,
    timezone text,
    data jsonb,
    options jsonb,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: subscription; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.subscription (
    event text NOT NULL,
    name text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: version; Type: TABLE; Schema: pgboss; Owner: -
--

CREATE TABLE pgboss.version (
    version integer NOT NULL,
    maintained_on timestamp with time zone,
    cron_on timestamp with time zone,
    monitored_on timestamp with time zone
);


--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    type text NOT NULL,
    email text NOT NULL,
    password_hash text,
    first_name text NOT NULL,
    last_name text NOT NULL,
    is_confirmed boolean DEFAULT false NOT NULL,
    confirmed_on timestamp with time zone,
    is_disabled boolean DEFAULT false NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT accounts_email_check CHECK (((email = lower(email)) AND ((char_length(email) >= 3) AND (char_length(email) <= 254)))),
    CONSTRAINT accounts_first_name_check CHECK ((char_length(first_name) <= 100)),
    CONSTRAINT accounts_last_name_check CHECK ((char_length(last_name) <= 100)),
    CONSTRAINT accounts_password_hash_check CHECK (((password_hash IS NULL) OR (password_hash ~~ '$argon2id$%'::text))),
    CONSTRAINT accounts_type_check CHECK ((type = ANY (ARRAY['admin'::text, 'reseller'::text, 'service-provider'::text])))
);


--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    occurred_on timestamp with time zone DEFAULT now() NOT NULL,
    action text NOT NULL,
    actor_account_id uuid,
    actor_email text,
    actor_ip text,
    service_provider_id uuid,
    subject text NOT NULL,
    detail text,
    CONSTRAINT audit_log_action_check CHECK ((action = ANY (ARRAY['key.created'::text, 'key.imported'::text, 'key.downloaded'::text, 'key.deleted'::text, 'certificate.issued'::text, 'certificate.renewed'::text, 'certificate.revoked'::text]))),
    CONSTRAINT audit_log_actor_ip_check CHECK ((char_length(actor_ip) <= 64))
);


--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: auth_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_tokens (
    token_hash text NOT NULL,
    purpose text NOT NULL,
    account_id uuid NOT NULL,
    expires_on timestamp with time zone NOT NULL,
    used_on timestamp with time zone,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT auth_tokens_purpose_check CHECK ((purpose = ANY (ARRAY['email_confirmation'::text, 'password_reset'::text, 'invitation'::text]))),
    CONSTRAINT auth_tokens_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);


--
-- Name: ca_issuers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ca_issuers (
    id text NOT NULL,
    role text NOT NULL,
    certificate_pem text NOT NULL,
    subject_dn text NOT NULL,
    key_ref text NOT NULL,
    key_store text NOT NULL,
    is_current boolean DEFAULT true NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ca_issuers_id_check CHECK ((id ~ '^[a-z0-9-]{1,64}$'::text)),
    CONSTRAINT ca_issuers_key_store_check CHECK ((key_store = ANY (ARRAY['software'::text, 'pkcs11'::text]))),
    CONSTRAINT ca_issuers_role_check CHECK ((role = ANY (ARRAY['root'::text, 'intermediate'::text])))
);


--
-- Name: certificates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.certificates (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    serial_number text NOT NULL,
    service_provider_id uuid NOT NULL,
    private_key_id uuid NOT NULL,
    issuer_id text NOT NULL,
    status text NOT NULL,
    spc text NOT NULL,
    not_before timestamp with time zone NOT NULL,
    not_after timestamp with time zone NOT NULL,
    certificate_der bytea,
    chain_pem text,
    replaces_id uuid,
    revoked_on timestamp with time zone,
    revocation_reason text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT certificates_check CHECK ((not_after > not_before)),
    CONSTRAINT certificates_check1 CHECK (((status = 'revoked'::text) = (revoked_on IS NOT NULL))),
    CONSTRAINT certificates_check2 CHECK (((status <> ALL (ARRAY['issued'::text, 'revoked'::text])) OR ((certificate_der IS NOT NULL) AND (chain_pem IS NOT NULL)))),
    CONSTRAINT certificates_revocation_reason_check CHECK ((revocation_reason = ANY (ARRAY['unspecified'::text, 'key_compromise'::text, 'superseded'::text, 'cessation_of_operation'::text, 'affiliation_changed'::text]))),
    CONSTRAINT certificates_serial_number_check CHECK ((serial_number ~ '^[0-9a-f]{16,40}$'::text)),
    CONSTRAINT certificates_spc_check CHECK ((spc ~ '^[0-9]{3}[A-Z0-9]$'::text)),
    CONSTRAINT certificates_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'issued'::text, 'failed'::text, 'revoked'::text])))
);


--
-- Name: checkouts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.checkouts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    service_provider_id uuid NOT NULL,
    subscription_id uuid,
    purpose text NOT NULL,
    recurring_interval text NOT NULL,
    amount numeric(10,2) NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    provider_ref text,
    url text,
    invoice_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    paid_on timestamp with time zone,
    expires_on timestamp with time zone,
    CONSTRAINT checkouts_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT checkouts_check CHECK (((status = 'paid'::text) = (paid_on IS NOT NULL))),
    CONSTRAINT checkouts_purpose_check CHECK ((purpose = ANY (ARRAY['subscription'::text, 'extension'::text, 'past_due'::text]))),
    CONSTRAINT checkouts_recurring_interval_check CHECK ((recurring_interval = ANY (ARRAY['month'::text, 'year'::text]))),
    CONSTRAINT checkouts_status_check CHECK ((status = ANY (ARRAY['open'::text, 'paid'::text, 'expired'::text, 'failed'::text]))),
    CONSTRAINT checkouts_url_check CHECK (((url IS NULL) OR (char_length(url) <= 2048)))
);


--
-- Name: crls; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.crls (
    issuer_id text NOT NULL,
    crl_number bigint NOT NULL,
    this_update timestamp with time zone NOT NULL,
    next_update timestamp with time zone NOT NULL,
    der bytea NOT NULL,
    CONSTRAINT crls_check CHECK ((next_update > this_update)),
    CONSTRAINT crls_crl_number_check CHECK ((crl_number > 0))
);


--
-- Name: invoice_counter; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoice_counter (
    id boolean DEFAULT true NOT NULL,
    last_number integer NOT NULL,
    CONSTRAINT invoice_counter_id_check CHECK (id),
    CONSTRAINT invoice_counter_last_number_check CHECK ((last_number >= 0))
);


--
-- Name: invoices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    service_provider_id uuid NOT NULL,
    subscription_id uuid,
    invoice_number integer NOT NULL,
    amount numeric(10,2) NOT NULL,
    status text NOT NULL,
    description text NOT NULL,
    start_billing_cycle timestamp with time zone NOT NULL,
    end_billing_cycle timestamp with time zone NOT NULL,
    billing_cycle_months integer NOT NULL,
    transaction_id text,
    pdf bytea,
    receipt_sent_on timestamp with time zone,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    paid_on timestamp with time zone,
    provider_ref text,
    CONSTRAINT invoices_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT invoices_billing_cycle_months_check CHECK ((billing_cycle_months = ANY (ARRAY[1, 12]))),
    CONSTRAINT invoices_check CHECK ((end_billing_cycle > start_billing_cycle)),
    CONSTRAINT invoices_check1 CHECK (((status = 'paid'::text) = (paid_on IS NOT NULL))),
    CONSTRAINT invoices_description_check CHECK ((char_length(description) <= 200)),
    CONSTRAINT invoices_invoice_number_check CHECK ((invoice_number > 0)),
    CONSTRAINT invoices_pdf_check CHECK (((pdf IS NULL) OR (octet_length(pdf) <= 10485760))),
    CONSTRAINT invoices_provider_ref_check CHECK (((provider_ref IS NULL) OR (char_length(provider_ref) <= 255))),
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['open'::text, 'paid'::text, 'void'::text])))
);


--
-- Name: payment_cards; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_cards (
    id text NOT NULL,
    customer text NOT NULL,
    brand text NOT NULL,
    last4 text NOT NULL,
    exp_month integer NOT NULL,
    exp_year integer NOT NULL,
    line1 text NOT NULL,
    state text NOT NULL,
    city text NOT NULL,
    postal_code text NOT NULL,
    behaviour text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_cards_behaviour_check CHECK ((behaviour = ANY (ARRAY['succeeds'::text, 'declines'::text]))),
    CONSTRAINT payment_cards_brand_check CHECK ((char_length(brand) <= 20)),
    CONSTRAINT payment_cards_city_check CHECK ((char_length(city) <= 100)),
    CONSTRAINT payment_cards_exp_month_check CHECK (((exp_month >= 1) AND (exp_month <= 12))),
    CONSTRAINT payment_cards_exp_year_check CHECK (((exp_year >= 2000) AND (exp_year <= 2200))),
    CONSTRAINT payment_cards_id_check CHECK ((id ~ '^card_sb_[A-Za-z0-9]+$'::text)),
    CONSTRAINT payment_cards_last4_check CHECK ((last4 ~ '^[0-9]{4}$'::text)),
    CONSTRAINT payment_cards_line1_check CHECK ((char_length(line1) <= 200)),
    CONSTRAINT payment_cards_postal_code_check CHECK ((char_length(postal_code) <= 10)),
    CONSTRAINT payment_cards_state_check CHECK ((char_length(state) <= 50))
);


--
-- Name: payment_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_events (
    event_id text NOT NULL,
    type text NOT NULL,
    received_on timestamp with time zone DEFAULT now() NOT NULL,
    processed_on timestamp with time zone,
    CONSTRAINT payment_events_event_id_check CHECK (((char_length(event_id) >= 1) AND (char_length(event_id) <= 255)))
);


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    service_provider_id uuid NOT NULL,
    subscription_id uuid,
    invoice_id uuid,
    checkout_id uuid,
    amount numeric(10,2) NOT NULL,
    transaction_id text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_transaction_id_check CHECK (((char_length(transaction_id) >= 1) AND (char_length(transaction_id) <= 255)))
);


--
-- Name: private_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.private_keys (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    service_provider_id uuid NOT NULL,
    key_ref text NOT NULL,
    key_store text NOT NULL,
    public_key_spki bytea NOT NULL,
    origin text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    deleted_on timestamp with time zone,
    CONSTRAINT private_keys_key_store_check CHECK ((key_store = ANY (ARRAY['software'::text, 'pkcs11'::text]))),
    CONSTRAINT private_keys_origin_check CHECK ((origin = ANY (ARRAY['generated'::text, 'imported'::text])))
);


--
-- Name: rate_limits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limits (
    key text NOT NULL,
    hits integer NOT NULL,
    window_ends timestamp with time zone NOT NULL,
    CONSTRAINT rate_limits_hits_check CHECK ((hits > 0)),
    CONSTRAINT rate_limits_key_check CHECK (((char_length(key) >= 1) AND (char_length(key) <= 400)))
);


--
-- Name: resellers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.resellers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid NOT NULL,
    company_name text NOT NULL,
    url_token text NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT resellers_company_name_check CHECK (((char_length(company_name) >= 1) AND (char_length(company_name) <= 100))),
    CONSTRAINT resellers_url_token_check CHECK ((url_token ~ '^[A-Za-z0-9_-]{6,64}$'::text))
);


--
-- Name: sandbox_charges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sandbox_charges (
    idempotency_key text NOT NULL,
    customer text NOT NULL,
    amount numeric(10,2) NOT NULL,
    status text NOT NULL,
    transaction_id text,
    reason text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sandbox_charges_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT sandbox_charges_idempotency_key_check CHECK ((char_length(idempotency_key) <= 255)),
    CONSTRAINT sandbox_charges_status_check CHECK ((status = ANY (ARRAY['paid'::text, 'failed'::text])))
);


--
-- Name: sandbox_customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sandbox_customers (
    ref text NOT NULL,
    service_provider_id uuid NOT NULL,
    email text NOT NULL,
    name text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sandbox_customers_ref_check CHECK ((ref ~ '^cus_sb_[A-Za-z0-9]+$'::text))
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: service_providers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.service_providers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid NOT NULL,
    ocn text NOT NULL,
    company_name text NOT NULL,
    phone_number text NOT NULL,
    title text NOT NULL,
    address text NOT NULL,
    address2 text,
    country text DEFAULT 'US'::text NOT NULL,
    state text NOT NULL,
    city text NOT NULL,
    zipcode text NOT NULL,
    filer_id text,
    frn_number text,
    reseller_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    payment_customer_ref text,
    CONSTRAINT service_providers_address2_check CHECK ((char_length(address2) <= 200)),
    CONSTRAINT service_providers_address_check CHECK ((char_length(address) <= 200)),
    CONSTRAINT service_providers_city_check CHECK ((char_length(city) <= 100)),
    CONSTRAINT service_providers_company_name_check CHECK (((char_length(company_name) >= 1) AND (char_length(company_name) <= 100))),
    CONSTRAINT service_providers_country_check CHECK ((country = 'US'::text)),
    CONSTRAINT service_providers_filer_id_check CHECK ((char_length(filer_id) <= 20)),
    CONSTRAINT service_providers_frn_number_check CHECK ((char_length(frn_number) <= 20)),
    CONSTRAINT service_providers_ocn_check CHECK ((ocn ~ '^[0-9]{3}[A-Z0-9]$'::text)),
    CONSTRAINT service_providers_phone_number_check CHECK ((char_length(phone_number) <= 15)),
    CONSTRAINT service_providers_state_check CHECK ((state ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT service_providers_title_check CHECK ((char_length(title) <= 100)),
    CONSTRAINT service_providers_zipcode_check CHECK (((char_length(zipcode) >= 1) AND (char_length(zipcode) <= 6)))
);


--
-- Name: subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    service_provider_id uuid NOT NULL,
    status text NOT NULL,
    recurring_interval text NOT NULL,
    recurring_interval_count integer DEFAULT 1 NOT NULL,
    current_period_start timestamp with time zone,
    current_period_end timestamp with time zone,
    auto_charge boolean DEFAULT false NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    provider_ref text,
    canceled_on timestamp with time zone,
    reminder_sent_for timestamp with time zone,
    CONSTRAINT subscriptions_check CHECK (((current_period_end IS NULL) OR (current_period_end > current_period_start))),
    CONSTRAINT subscriptions_recurring_interval_check CHECK ((recurring_interval = ANY (ARRAY['month'::text, 'year'::text]))),
    CONSTRAINT subscriptions_recurring_interval_count_check CHECK ((recurring_interval_count = 1)),
    CONSTRAINT subscriptions_status_check CHECK ((status = ANY (ARRAY['incomplete'::text, 'active'::text, 'past_due'::text, 'canceled'::text, 'expired'::text])))
);


--
-- Name: service_provider_state; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.service_provider_state AS
 SELECT sp.id AS service_provider_id,
    min(s.current_period_start) FILTER (WHERE (s.status <> 'incomplete'::text)) AS subscription_started_on,
    max(s.current_period_end) FILTER (WHERE (s.status <> 'incomplete'::text)) AS subscription_expired_on,
    COALESCE(bool_or(((s.status = 'active'::text) AND (s.current_period_end > now()))), false) AS is_active,
    COALESCE(bool_or((s.status = 'past_due'::text)), false) AS is_past_due,
    count(s.id) FILTER (WHERE (s.status <> 'incomplete'::text)) AS subscriptions_count,
    COALESCE((array_agg(s.auto_charge ORDER BY s.created_on DESC))[1], false) AS auto_charge
   FROM (public.service_providers sp
     LEFT JOIN public.subscriptions s ON ((s.service_provider_id = sp.id)))
  GROUP BY sp.id;


--
-- Name: spc_token_jtis; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spc_token_jtis (
    jti text NOT NULL,
    expires_on timestamp with time zone NOT NULL,
    used_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT spc_token_jtis_jti_check CHECK (((char_length(jti) >= 1) AND (char_length(jti) <= 200)))
);


--
-- Name: subscriber_agreements; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subscriber_agreements (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    service_provider_id uuid NOT NULL,
    agreement_version text NOT NULL,
    printed_name text NOT NULL,
    phone_number text NOT NULL,
    title text NOT NULL,
    company_name text NOT NULL,
    signature_png bytea NOT NULL,
    signature_sha256 text NOT NULL,
    accepted_on timestamp with time zone DEFAULT now() NOT NULL,
    accepted_ip text NOT NULL,
    CONSTRAINT subscriber_agreements_accepted_ip_check CHECK ((char_length(accepted_ip) <= 64)),
    CONSTRAINT subscriber_agreements_company_name_check CHECK ((char_length(company_name) <= 100)),
    CONSTRAINT subscriber_agreements_phone_number_check CHECK ((char_length(phone_number) <= 15)),
    CONSTRAINT subscriber_agreements_printed_name_check CHECK (((char_length(printed_name) >= 1) AND (char_length(printed_name) <= 100))),
    CONSTRAINT subscriber_agreements_signature_png_check CHECK (((octet_length(signature_png) >= 8) AND (octet_length(signature_png) <= 1048576))),
    CONSTRAINT subscriber_agreements_signature_sha256_check CHECK ((signature_sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT subscriber_agreements_title_check CHECK ((char_length(title) <= 100))
);


--
-- Name: subscription_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subscription_changes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    service_provider_id uuid NOT NULL,
    subscription_id uuid,
    actor text NOT NULL,
    change text NOT NULL,
    from_value text,
    to_value text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT subscription_changes_actor_check CHECK ((char_length(actor) <= 100)),
    CONSTRAINT subscription_changes_change_check CHECK ((char_length(change) <= 100))
);


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e; Type: TABLE ATTACH; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.job ATTACH PARTITION pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e FOR VALUES IN ('housekeeping');


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3; Type: TABLE ATTACH; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.job ATTACH PARTITION pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 FOR VALUES IN ('__pgboss__send-it');


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a; Type: TABLE ATTACH; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.job ATTACH PARTITION pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a FOR VALUES IN ('crl.refresh');


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23; Type: TABLE ATTACH; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.job ATTACH PARTITION pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 FOR VALUES IN ('billing-renewals');


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac; Type: TABLE ATTACH; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.job ATTACH PARTITION pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac FOR VALUES IN ('certificate-revoked-mail');


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c; Type: TABLE ATTACH; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.job ATTACH PARTITION pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c FOR VALUES IN ('billing-invoice-documents');


--
-- Data for Name: archive; Type: TABLE DATA; Schema: pgboss; Owner: -
--



--
-- Data for Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e; Type: TABLE DATA; Schema: pgboss; Owner: -
--



--
-- Data for Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3; Type: TABLE DATA; Schema: pgboss; Owner: -
--



--
-- Data for Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a; Type: TABLE DATA; Schema: pgboss; Owner: -
--



--
-- Data for Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23; Type: TABLE DATA; Schema: pgboss; Owner: -
--



--
-- Data for Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac; Type: TABLE DATA; Schema: pgboss; Owner: -
--

INSERT INTO pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac VALUES
	('93d2265a-c684-4ace-b1b6-61af05cc3b8c', 'certificate-revoked-mail', 0, '{"certificateId": "21399772-abb4-47c9-8eff-051a6ecfc9c7"}', 'completed', 5, 0, 30, false, '2026-11-24 21:55:57.556718+00', '2026-11-24 21:55:57.780033+00', NULL, NULL, '00:15:00', '2026-11-24 21:55:57.556718+00', '2026-11-24 21:55:57.825139+00', '2026-12-08 21:55:57.556718+00', NULL, NULL, 'standard');


--
-- Data for Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c; Type: TABLE DATA; Schema: pgboss; Owner: -
--

INSERT INTO pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c VALUES
	('dedc3e3a-7979-4528-a1dc-a6c4c4f5f755', 'billing-invoice-documents', 0, '{"invoiceId": "291dea2e-39d8-4b57-8115-168ae58577ed"}', 'completed', 5, 0, 30, false, '2026-11-24 21:55:57.283392+00', '2026-11-24 21:55:57.310957+00', '291dea2e-39d8-4b57-8115-168ae58577ed', NULL, '00:15:00', '2026-11-24 21:55:57.283392+00', '2026-11-24 21:55:57.394254+00', '2026-12-08 21:55:57.283392+00', NULL, NULL, 'standard');


--
-- Data for Name: queue; Type: TABLE DATA; Schema: pgboss; Owner: -
--

INSERT INTO pgboss.queue VALUES
	('__pgboss__send-it', 'standard', NULL, NULL, NULL, NULL, NULL, NULL, 'j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3', '2026-11-24 21:55:56.522424+00', '2026-11-24 21:55:56.522424+00'),
	('billing-invoice-documents', 'standard', NULL, NULL, NULL, NULL, NULL, NULL, 'jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c', '2026-11-24 21:55:56.576836+00', '2026-11-24 21:55:56.576836+00'),
	('billing-renewals', 'standard', NULL, NULL, NULL, NULL, NULL, NULL, 'j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23', '2026-11-24 21:55:56.62367+00', '2026-11-24 21:55:56.62367+00'),
	('certificate-revoked-mail', 'standard', NULL, NULL, NULL, NULL, NULL, NULL, 'ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac', '2026-11-24 21:55:56.71884+00', '2026-11-24 21:55:56.71884+00'),
	('crl.refresh', 'standard', NULL, NULL, NULL, NULL, NULL, NULL, 'j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a', '2026-11-24 21:55:56.7782+00', '2026-11-24 21:55:56.7782+00'),
	('housekeeping', 'standard', NULL, NULL, NULL, NULL, NULL, NULL, 'j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e', '2026-11-24 21:55:56.843992+00', '2026-11-24 21:55:56.843992+00');


--
-- Data for Name: schedule; Type: TABLE DATA; Schema: pgboss; Owner: -
--

INSERT INTO pgboss.schedule VALUES
	('billing-renewals', '*/10 * * * *', 'UTC', '{}', '{"tz": "UTC"}', '2026-11-24 21:55:56.901084+00', '2026-11-24 21:55:56.901084+00'),
	('crl.refresh', '0 3 * * *', 'UTC', '{}', '{"tz": "UTC"}', '2026-11-24 21:55:56.90421+00', '2026-11-24 21:55:56.90421+00'),
	('housekeeping', '30 3 * * *', 'UTC', '{}', '{"tz": "UTC"}', '2026-11-24 21:55:56.908807+00', '2026-11-24 21:55:56.908807+00');


--
-- Data for Name: subscription; Type: TABLE DATA; Schema: pgboss; Owner: -
--



--
-- Data for Name: version; Type: TABLE DATA; Schema: pgboss; Owner: -
--

INSERT INTO pgboss.version VALUES
	(24, NULL, '2026-11-24 21:55:56.597076+00', NULL);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES
	('dfeb4516-2b6a-4f14-9caf-3a34efceed23', 'service-provider', 'owner1.19b3d0@carrier.test', '$argon2id$v=19$m=19456,p=1,t=2$DV7UAjZHDHxPwA2+9yI1+A$UB9NRGNuvs8Y+rX/FNQau0WOdZ0xUHv7AYiwAJ6IUhA', 'Ada', 'Lovelace', true, '2026-11-24 21:55:57.174+00', false, '2026-11-24 21:55:57.083004+00', '2026-11-24 21:55:57.174+00');


--
-- Data for Name: audit_log; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.audit_log OVERRIDING SYSTEM VALUE VALUES
	(1, '2026-11-24 21:55:57.412851+00', 'key.created', 'dfeb4516-2b6a-4f14-9caf-3a34efceed23', 'owner1.19b3d0@carrier.test', '127.0.0.1', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', 'aa769a71-f985-4793-90f3-5c47e26585cd', NULL),
	(2, '2026-11-24 21:55:57.507491+00', 'certificate.issued', 'dfeb4516-2b6a-4f14-9caf-3a34efceed23', 'owner1.19b3d0@carrier.test', '127.0.0.1', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '3987bbedc756cd61fe1d22241e89e4d32236d678', 'key aa769a71-f985-4793-90f3-5c47e26585cd'),
	(3, '2026-11-24 21:55:57.517368+00', 'key.created', 'dfeb4516-2b6a-4f14-9caf-3a34efceed23', 'owner1.19b3d0@carrier.test', '127.0.0.1', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '6cc473f3-5dc3-4258-ade0-49be2d7dad1c', NULL),
	(4, '2026-11-24 21:55:57.550135+00', 'certificate.issued', 'dfeb4516-2b6a-4f14-9caf-3a34efceed23', 'owner1.19b3d0@carrier.test', '127.0.0.1', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '4a1478fb05af955419fd51baa865fdd390270b15', 'key 6cc473f3-5dc3-4258-ade0-49be2d7dad1c'),
	(5, '2026-11-24 21:55:57.556718+00', 'certificate.revoked', 'dfeb4516-2b6a-4f14-9caf-3a34efceed23', 'owner1.19b3d0@carrier.test', '127.0.0.1', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '4a1478fb05af955419fd51baa865fdd390270b15', 'key_compromise');


--
-- Data for Name: auth_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.auth_tokens VALUES
	('c125d38993b29dd4d620b0f8cba2cc34d860b70d18bebce6ccf6f511db378df9', 'email_confirmation', 'dfeb4516-2b6a-4f14-9caf-3a34efceed23', '2026-11-27 21:55:57.114+00', '2026-11-24 21:55:57.174+00', '2026-11-24 21:55:57.114+00');


--
-- Data for Name: ca_issuers; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ca_issuers VALUES
	('root-bd5da6408ecc', 'root', '-----BEGIN CERTIFICATE-----
MIIB2zCCAYKgAwIBAgIUeNHN79mky6bR7Y3YBcgEZSnowocwCgYIKoZIzj0EAwIw
TDELMAkGA1UEBhMCVVMxFjAUBgNVBAoMDVNUSS1DQSBQb3J0YWwxJTAjBgNVBAMM
HFNUSS1DQSBQb3J0YWwgU0hBS0VOIFJPT1QgQ0EwHhcNMjYxMTI0MjE1MDU2WhcN
NDYxMTI0MjE1MDU2WjBMMQswCQYDVQQGEwJVUzEWMBQGA1UECgwNU1RJLUNBIFBv
cnRhbDElMCMGA1UEAwwcU1RJLUNBIFBvcnRhbCBTSEFLRU4gUk9PVCBDQTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABGkA7hgTugcyWUsI2zkl2nTr5tOfnFYKP/s8
dfJtu05nIVPtpzyGruhmrgAR9OjE8SpsaJLquCQ7ZpB6AJjM+YajQjBAMA4GA1Ud
DwEB/wQEAwIBBjAPBgNVHRMBAf8EBTADAQH/MB0GA1UdDgQWBBTmJS87Hl5tFnvu
pS0t5EeZEN1B6DAKBggqhkjOPQQDAgNHADBEAiAvlelJUyL+ukJJ/0PMaC0hf6xo
Dvilp8Ela1Ci7+WNHgIgGmqTGx0jALmCYWBDqUiSuoFIM0QxX/omDb8zwPIwa9Y=
-----END CERTIFICATE-----', 'C=US, O=STI-CA Portal, CN=STI-CA Portal SHAKEN ROOT CA', 'AVbEmy/9/ArHzelMxV6uytDAQl0GAWH6tGabJQdoD7iEJmpv89HQtj+d9ymMrWFjeie2AxOIVe9eegPbyHLohkMnMausj5kiwpdDtoJK0XIHxOrse52Zx+kETunBJDbw28l0LoEjnKV9dA5a6fS952SgBKVWYJfoWUmElsJu3h+E8oC/oeQbh/7G818S7cbxuPFWg24av0cPqlQj3a2TQwA64kHqKF0=', 'software', true, '2026-11-24 21:55:56.037075+00'),
	('intermediate-176ed15287df', 'intermediate', '-----BEGIN CERTIFICATE-----
MIICYjCCAgigAwIBAgIUbVJJ4D3X1pRX0qJsD2n/Qjd1puwwCgYIKoZIzj0EAwIw
TDELMAkGA1UEBhMCVVMxFjAUBgNVBAoMDVNUSS1DQSBQb3J0YWwxJTAjBgNVBAMM
HFNUSS1DQSBQb3J0YWwgU0hBS0VOIFJPT1QgQ0EwHhcNMjYxMTI0MjE1MDU2WhcN
MzYxMTI0MjE1MDU2WjBUMQswCQYDVQQGEwJVUzEWMBQGA1UECgwNU1RJLUNBIFBv
cnRhbDEtMCsGA1UEAwwkU1RJLUNBIFBvcnRhbCBTSEFLRU4gSW50ZXJtZWRpYXRl
IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqI5WgL/84etmcCPZS74LZrMt
IqZwvifSjGYPpeOHGVXU6BHwKPjjFhZjFrNOOXwN46m39bnjPLYzIuyyag+omaOB
vzCBvDAOBgNVHQ8BAf8EBAMCAQYwEgYDVR0TAQH/BAgwBgEB/wIBADAdBgNVHQ4E
FgQU7uIaCzA7VgA55b2C9mTXH0nKyuUwHwYDVR0jBBgwFoAU5iUvOx5ebRZ77qUt
LeRHmRDdQegwFwYDVR0gBBAwDjAMBgpghkgBhv8JAQEEMD0GA1UdHwQ2MDQwMqAw
oC6GLGh0dHA6Ly9wb3J0YWwudGVzdC9jcmwvcm9vdC1iZDVkYTY0MDhlY2MuY3Js
MAoGCCqGSM49BAMCA0gAMEUCIHHxg+SbdUDr106MQf46vXU7AEquM3zQJg2bo9f3
NtJVAiEAyfyfTySDp3UNbz7IVaMN+VxcO+783t1NC7zJwvxO4Z0=
-----END CERTIFICATE-----', 'C=US, O=STI-CA Portal, CN=STI-CA Portal SHAKEN Intermediate CA', 'Acb9h82UJ/OO7eRfAdFUylYypa6PLym+CijsXgtDjNwudWu7bDfcdVyHDPrZRyoESwtxD1X0SUDos7cZ4vk57/qfG8zlSKFvtvq2xnZwSAGwCeg1IcLLzGrrHG1NiUGfnUW+agixdx6umskkjFSIUwWnTNcavTiTURkGYsPMhGPDtDmAS50BGWay7fiu0MyJDFVtcduw3tBc+uZ8qC31RqVWuV8FLvU=', 'software', true, '2026-11-24 21:55:56.037075+00');


--
-- Data for Name: certificates; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.certificates VALUES
	('7a7e9c5b-edd1-4c0b-bc28-3ca77a6fef23', '3987bbedc756cd61fe1d22241e89e4d32236d678', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', 'aa769a71-f985-4793-90f3-5c47e26585cd', 'intermediate-176ed15287df', 'issued', '001A', '2026-11-24 21:50:57+00', '2027-11-24 21:50:57+00', '\x3082026f30820216a00302010202143987bbedc756cd61fe1d22241e89e4d32236d678300a06082a8648ce3d0403023054310b300906035504061302555331163014060355040a0c0d5354492d434120506f7274616c312d302b06035504030c245354492d434120506f7274616c205348414b454e20496e7465726d656469617465204341301e170d3236313132343231353035375a170d3237313132343231353035375a3040310b3009060355040613025553311b3019060355040a0c12416e616c79746963616c2054656c65636f6d3114301206035504030c0b5348414b454e20303031413059301306072a8648ce3d020106082a8648ce3d03010703420004113915a3c4e211837320da819fb0f5ae68c89b215fd8dc5bc4784172b35038342b8f63b9e2f4224cef019448dbcdbc80330334dcd97eb976ff93c437a0b8551da381d93081d6300e0603551d0f0101ff040403020780300c0603551d130101ff04023000301d0603551d0e041604147f5bdca8def2fc9ade9fb995835adfce4d1efc65301f0603551d23041830168014eee21a0b303b560039e5bd82f664d71f49cacae530170603551d200410300e300c060a6086480186ff0901010430450603551d1f043e303c303aa038a0368634687474703a2f2f706f7274616c2e746573742f63726c2f696e7465726d6564696174652d3137366564313532383764662e63726c301606082b0601050507011a040a3008a006160430303141300a06082a8648ce3d040302034700304402206df6bfc823f396d74c47df90a28bd18c79183fafa299cb7323548694cc3eab9c02205372c8f8b8f0f257d467ae1980afb7ce5978371a84594ac364fcc3e93d48901d', '-----BEGIN CERTIFICATE-----
MIICbzCCAhagAwIBAgIUOYe77cdWzWH+HSIkHonk0yI21ngwCgYIKoZIzj0EAwIw
VDELMAkGA1UEBhMCVVMxFjAUBgNVBAoMDVNUSS1DQSBQb3J0YWwxLTArBgNVBAMM
JFNUSS1DQSBQb3J0YWwgU0hBS0VOIEludGVybWVkaWF0ZSBDQTAeFw0yNjExMjQy
MTUwNTdaFw0yNzExMjQyMTUwNTdaMEAxCzAJBgNVBAYTAlVTMRswGQYDVQQKDBJB
bmFseXRpY2FsIFRlbGVjb20xFDASBgNVBAMMC1NIQUtFTiAwMDFBMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAEETkVo8TiEYNzINqBn7D1rmjImyFf2NxbxHhBcrNQ
ODQrj2O54vQiTO8BlEjbzbyAMwM03Nl+uXb/k8Q3oLhVHaOB2TCB1jAOBgNVHQ8B
Af8EBAMCB4AwDAYDVR0TAQH/BAIwADAdBgNVHQ4EFgQUf1vcqN7y/Jren7mVg1rf
zk0e/GUwHwYDVR0jBBgwFoAU7uIaCzA7VgA55b2C9mTXH0nKyuUwFwYDVR0gBBAw
DjAMBgpghkgBhv8JAQEEMEUGA1UdHwQ+MDwwOqA4oDaGNGh0dHA6Ly9wb3J0YWwu
dGVzdC9jcmwvaW50ZXJtZWRpYXRlLTE3NmVkMTUyODdkZi5jcmwwFgYIKwYBBQUH
ARoECjAIoAYWBDAwMUEwCgYIKoZIzj0EAwIDRwAwRAIgbfa/yCPzltdMR9+QoovR
jHkYP6+imctzI1SGlMw+q5wCIFNyyPi48PJX1GeuGYCvt85ZeDcahFlKw2T8w+k9
SJAd
-----END CERTIFICATE-----
-----BEGIN CERTIFICATE-----
MIICYjCCAgigAwIBAgIUbVJJ4D3X1pRX0qJsD2n/Qjd1puwwCgYIKoZIzj0EAwIw
TDELMAkGA1UEBhMCVVMxFjAUBgNVBAoMDVNUSS1DQSBQb3J0YWwxJTAjBgNVBAMM
HFNUSS1DQSBQb3J0YWwgU0hBS0VOIFJPT1QgQ0EwHhcNMjYxMTI0MjE1MDU2WhcN
MzYxMTI0MjE1MDU2WjBUMQswCQYDVQQGEwJVUzEWMBQGA1UECgwNU1RJLUNBIFBv
cnRhbDEtMCsGA1UEAwwkU1RJLUNBIFBvcnRhbCBTSEFLRU4gSW50ZXJtZWRpYXRl
IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqI5WgL/84etmcCPZS74LZrMt
IqZwvifSjGYPpeOHGVXU6BHwKPjjFhZjFrNOOXwN46m39bnjPLYzIuyyag+omaOB
vzCBvDAOBgNVHQ8BAf8EBAMCAQYwEgYDVR0TAQH/BAgwBgEB/wIBADAdBgNVHQ4E
FgQU7uIaCzA7VgA55b2C9mTXH0nKyuUwHwYDVR0jBBgwFoAU5iUvOx5ebRZ77qUt
LeRHmRDdQegwFwYDVR0gBBAwDjAMBgpghkgBhv8JAQEEMD0GA1UdHwQ2MDQwMqAw
oC6GLGh0dHA6Ly9wb3J0YWwudGVzdC9jcmwvcm9vdC1iZDVkYTY0MDhlY2MuY3Js
MAoGCCqGSM49BAMCA0gAMEUCIHHxg+SbdUDr106MQf46vXU7AEquM3zQJg2bo9f3
NtJVAiEAyfyfTySDp3UNbz7IVaMN+VxcO+783t1NC7zJwvxO4Z0=
-----END CERTIFICATE-----
', NULL, NULL, NULL, '2026-11-24 21:55:57.421+00'),
	('21399772-abb4-47c9-8eff-051a6ecfc9c7', '4a1478fb05af955419fd51baa865fdd390270b15', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '6cc473f3-5dc3-4258-ade0-49be2d7dad1c', 'intermediate-176ed15287df', 'revoked', '001A', '2026-11-24 21:50:57+00', '2027-11-24 21:50:57+00', '\x3082026f30820216a00302010202144a1478fb05af955419fd51baa865fdd390270b15300a06082a8648ce3d0403023054310b300906035504061302555331163014060355040a0c0d5354492d434120506f7274616c312d302b06035504030c245354492d434120506f7274616c205348414b454e20496e7465726d656469617465204341301e170d3236313132343231353035375a170d3237313132343231353035375a3040310b3009060355040613025553311b3019060355040a0c12416e616c79746963616c2054656c65636f6d3114301206035504030c0b5348414b454e20303031413059301306072a8648ce3d020106082a8648ce3d0301070342000487fb1b1a50c6a46f8bda0515d0a3fc1bedc9d1233137677de361984e7d63b2591110c3079485d732a5381a3379d54293b62203b4e7df3e7da6f4f49e394f68eaa381d93081d6300e0603551d0f0101ff040403020780300c0603551d130101ff04023000301d0603551d0e041604149d206bc04e974522ad25e89106ce53e26fcccee8301f0603551d23041830168014eee21a0b303b560039e5bd82f664d71f49cacae530170603551d200410300e300c060a6086480186ff0901010430450603551d1f043e303c303aa038a0368634687474703a2f2f706f7274616c2e746573742f63726c2f696e7465726d6564696174652d3137366564313532383764662e63726c301606082b0601050507011a040a3008a006160430303141300a06082a8648ce3d04030203470030440220485bbad1498e9154af2e2ff141963f7b53f8cfbd6906f0ac0d62de6938561c8d0220393631829c78ef9b83c076b4e29b2417c54cc42a3401218029c27751f869d847', '-----BEGIN CERTIFICATE-----
MIICbzCCAhagAwIBAgIUShR4+wWvlVQZ/VG6qGX905AnCxUwCgYIKoZIzj0EAwIw
VDELMAkGA1UEBhMCVVMxFjAUBgNVBAoMDVNUSS1DQSBQb3J0YWwxLTArBgNVBAMM
JFNUSS1DQSBQb3J0YWwgU0hBS0VOIEludGVybWVkaWF0ZSBDQTAeFw0yNjExMjQy
MTUwNTdaFw0yNzExMjQyMTUwNTdaMEAxCzAJBgNVBAYTAlVTMRswGQYDVQQKDBJB
bmFseXRpY2FsIFRlbGVjb20xFDASBgNVBAMMC1NIQUtFTiAwMDFBMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAEh/sbGlDGpG+L2gUV0KP8G+3J0SMxN2d942GYTn1j
slkREMMHlIXXMqU4GjN51UKTtiIDtOffPn2m9PSeOU9o6qOB2TCB1jAOBgNVHQ8B
Af8EBAMCB4AwDAYDVR0TAQH/BAIwADAdBgNVHQ4EFgQUnSBrwE6XRSKtJeiRBs5T
4m/MzugwHwYDVR0jBBgwFoAU7uIaCzA7VgA55b2C9mTXH0nKyuUwFwYDVR0gBBAw
DjAMBgpghkgBhv8JAQEEMEUGA1UdHwQ+MDwwOqA4oDaGNGh0dHA6Ly9wb3J0YWwu
dGVzdC9jcmwvaW50ZXJtZWRpYXRlLTE3NmVkMTUyODdkZi5jcmwwFgYIKwYBBQUH
ARoECjAIoAYWBDAwMUEwCgYIKoZIzj0EAwIDRwAwRAIgSFu60UmOkVSvLi/xQZY/
e1P4z71pBvCsDWLeaThWHI0CIDk2MYKceO+bg8B2tOKbJBfFTMQqNAEhgCnCd1H4
adhH
-----END CERTIFICATE-----
-----BEGIN CERTIFICATE-----
MIICYjCCAgigAwIBAgIUbVJJ4D3X1pRX0qJsD2n/Qjd1puwwCgYIKoZIzj0EAwIw
TDELMAkGA1UEBhMCVVMxFjAUBgNVBAoMDVNUSS1DQSBQb3J0YWwxJTAjBgNVBAMM
HFNUSS1DQSBQb3J0YWwgU0hBS0VOIFJPT1QgQ0EwHhcNMjYxMTI0MjE1MDU2WhcN
MzYxMTI0MjE1MDU2WjBUMQswCQYDVQQGEwJVUzEWMBQGA1UECgwNU1RJLUNBIFBv
cnRhbDEtMCsGA1UEAwwkU1RJLUNBIFBvcnRhbCBTSEFLRU4gSW50ZXJtZWRpYXRl
IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqI5WgL/84etmcCPZS74LZrMt
IqZwvifSjGYPpeOHGVXU6BHwKPjjFhZjFrNOOXwN46m39bnjPLYzIuyyag+omaOB
vzCBvDAOBgNVHQ8BAf8EBAMCAQYwEgYDVR0TAQH/BAgwBgEB/wIBADAdBgNVHQ4E
FgQU7uIaCzA7VgA55b2C9mTXH0nKyuUwHwYDVR0jBBgwFoAU5iUvOx5ebRZ77qUt
LeRHmRDdQegwFwYDVR0gBBAwDjAMBgpghkgBhv8JAQEEMD0GA1UdHwQ2MDQwMqAw
oC6GLGh0dHA6Ly9wb3J0YWwudGVzdC9jcmwvcm9vdC1iZDVkYTY0MDhlY2MuY3Js
MAoGCCqGSM49BAMCA0gAMEUCIHHxg+SbdUDr106MQf46vXU7AEquM3zQJg2bo9f3
NtJVAiEAyfyfTySDp3UNbz7IVaMN+VxcO+783t1NC7zJwvxO4Z0=
-----END CERTIFICATE-----
', NULL, '2026-11-24 21:55:57.557+00', 'key_compromise', '2026-11-24 21:55:57.525+00');


--
-- Data for Name: checkouts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.checkouts VALUES
	('0c583424-d668-4ab1-8227-3000bc5ac35b', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', NULL, 'subscription', 'year', 500.00, 'paid', '0c583424-d668-4ab1-8227-3000bc5ac35b', 'http://portal.test/sandbox/checkout/0c583424-d668-4ab1-8227-3000bc5ac35b', '291dea2e-39d8-4b57-8115-168ae58577ed', '2026-11-24 21:55:57.222+00', '2026-11-24 21:55:57.253+00', NULL);


--
-- Data for Name: crls; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.crls VALUES
	('intermediate-176ed15287df', 1, '2026-11-24 21:55:56+00', '2026-12-01 21:55:56+00', '\x3082010e3081b4020101300a06082a8648ce3d0403023054310b300906035504061302555331163014060355040a0c0d5354492d434120506f7274616c312d302b06035504030c245354492d434120506f7274616c205348414b454e20496e7465726d656469617465204341170d3236313132343231353535365a170d3236313230313231353535365aa02f302d301f0603551d23041830168014eee21a0b303b560039e5bd82f664d71f49cacae5300a0603551d140403020101300a06082a8648ce3d0403020349003046022100a1189e9143668236145c09ef5f676ff4321c352eb416efc1e6276e94e4afe7120221009b6ee4e1607e8c3c681dbe58f9e4170d042c938297b869be3ddd19b2df38fc72'),
	('root-bd5da6408ecc', 1, '2026-11-24 21:55:56+00', '2026-12-01 21:55:56+00', '\x308201053081ac020101300a06082a8648ce3d040302304c310b300906035504061302555331163014060355040a0c0d5354492d434120506f7274616c3125302306035504030c1c5354492d434120506f7274616c205348414b454e20524f4f54204341170d3236313132343231353535365a170d3236313230313231353535365aa02f302d301f0603551d23041830168014e6252f3b1e5e6d167beea52d2de4479910dd41e8300a0603551d140403020101300a06082a8648ce3d04030203480030450221008e407fa07a51ecc9f701c4cdea63e2dd0f2da0a81bc1c4565759d58a747e04b7022078138b5c6fadc9b72d2ad11a6f45b46c13f2933efd3ad60c45e38e2c894527fe'),
	('intermediate-176ed15287df', 2, '2026-11-24 21:55:57+00', '2026-12-01 21:55:57+00', '\x308201443081eb020101300a06082a8648ce3d0403023054310b300906035504061302555331163014060355040a0c0d5354492d434120506f7274616c312d302b06035504030c245354492d434120506f7274616c205348414b454e20496e7465726d656469617465204341170d3236313132343231353535375a170d3236313230313231353535375a3035303302144a1478fb05af955419fd51baa865fdd390270b15170d3236313132343231353535375a300c300a0603551d1504030a0101a02f302d301f0603551d23041830168014eee21a0b303b560039e5bd82f664d71f49cacae5300a0603551d140403020102300a06082a8648ce3d040302034800304502210095780446bff66d6720ff1ebf37aeb7c7e63817ee6ddc58d774f437116d2a05da02207a6d28a816453376f22d0ba035441157f20135874a0a04c7ef96d00019f4270f');


--
-- Data for Name: invoice_counter; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invoice_counter VALUES
	(true, 1);


--
-- Data for Name: invoices; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invoices VALUES
	('291dea2e-39d8-4b57-8115-168ae58577ed', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '9c4a1694-8230-41bf-83e2-efb603a4ba5a', 1, 500.00, 'paid', 'Stir/Shaken Yearly Subscription', '2026-11-24 21:55:57.253+00', '2027-11-24 21:55:57.253+00', 12, 'ch_sb_5f059695f961ba36c9a70667', '\x255044462d312e330a25ffffffff0a372030206f626a0a3c3c0a2f54797065202f506167650a2f506172656e742031203020520a2f4d65646961426f78205b30203020363132203739325d0a2f436f6e74656e74732035203020520a2f5265736f75726365732036203020520a2f55736572556e697420310a3e3e0a656e646f626a0a362030206f626a0a3c3c0a2f50726f63536574205b2f504446202f54657874202f496d61676542202f496d61676543202f496d616765495d0a2f466f6e74203c3c0a2f46322038203020520a2f46312039203020520a3e3e0a2f436f6c6f725370616365203c3c0a3e3e0a3e3e0a656e646f626a0a352030206f626a0a3c3c0a2f4c656e677468203931330a2f46696c746572202f466c6174654465636f64650a3e3e0a73747265616d0a789cc557db8a2337107defafa81f586ddd2581f1c36e2e908740327e0b79887bd410d859481692df0fa56edfc7b3d3904c3076b7a5b674aaea9c3a320102c23b02845c19c6a7e1fd37edafdfc7f6f3f71f60fc3260c2c2625c9528bb66b40a98a43ae6a24292d93446f2f923a5307c193f0f7f0c74b3fc87dd3248600e9931312aec9e86f7df3130c36e1a7ed9986851d2bd9a364615a52de0afb0fb61f87637fc74035198cc8b7356c35a5003e111c90c1e30e9615e6a7f5e5f8b1131159e2112101e209a6a35e6e91aac5be62dbc53844d56afee5e5d9cb2ba314624123396d58b4ffd5132d878cd9aeb8b61d265981279a78b422003a657e55eb3a61cf9a7e4a7f42fb169d566be0543d8e8a45545ed02d95717cf89f39dc469f5b68dad36d9b7c011fad433648c31433d3bfee8bc2432d225bfcd6818855621514e0a5e6a62bf01a273514e6b6bf3690b518d23b423104661511efb35de7e81c31c88159e065bee3e9d97efe3c38029df88e64a592586ce19ea9ce1e1e38f03c1dfc3c31bb3de9592493950a32e3963ad3aeac8188542d8986e413b4dde8cba018e3d11f2011cd1828ebc39f9b8d4b076f9498c5ce075ec851ddd5c7cf2c735848acd4952961b364d2adace781a2fd2556c8dc59113e5ebc58518d5bc79f6ea2d943267ddf27cf54357a92bb7b38ac9e92696e6b64834c75635b6aa5ba0bed759cfda871eb4590d5dca12f3b52ed8110c319afb9fed861917ae212680a95e52a50fcd1ca183843a4fa6b794842b1895e724a16a262ac65a0dc31474d2b6a60e5cfcceda266ac633a5cce746cc6818a37d1f5d556f2cc9b0dc8b83f45127336da66fa66557d0cacfda6b8837777bf5e2e4fb99906ede6e29694e27528eb9329a6473cee272eeb0d83bc2e4abcbf33cc8757ec158fd6b1eb31a57a1679ced6ae7bc8a2444e96ec0ac6221726ef1792d74615e0c30eefe4d037c78552e342729c7c30c1dce92ba8532f72d9dcd618d6234b9f0bda55f48c78d68ce6352eb6de8ac9f4546a2cf51bd16d2eb0c51e9542e3e89e8e07a4a5af56555ffb7a709a9f5d472e8d8de740bd46d86e7739f93b71c862d07a19e0cd5c58b4d599c6d12731714932a2eb57f8b3b727612117791ea2459503c5ac0ff1539154ccc05d12063623b2ab5dcfb9fc3b8ef96db3bbef6ced77ccf18cece338be39cecb3df87175fcec577e7c5bc2dcb7c5ec892656e3adce6f34ffc13f1c7f885b7ac5918a385f633788d0e6b6631a63ef9e863cc9daf7096cd7f00fb65feb10a656e6473747265616d0a656e646f626a0a31312030206f626a0a285348414b454e204341290a656e646f626a0a31322030206f626a0a285348414b454e204341290a656e646f626a0a31332030206f626a0a28443a32303236313132343231353535375a290a656e646f626a0a31342030206f626a0a28496e766f6963652031290a656e646f626a0a31352030206f626a0a285348414b454e204341290a656e646f626a0a31362030206f626a0a28537469722f5368616b656e20596561726c7920537562736372697074696f6e290a656e646f626a0a31372030206f626a0a28443a32303236313132343231353535375a290a656e646f626a0a31302030206f626a0a3c3c0a2f50726f6475636572203131203020520a2f43726561746f72203132203020520a2f4372656174696f6e44617465203133203020520a2f5469746c65203134203020520a2f417574686f72203135203020520a2f5375626a656374203136203020520a2f4d6f6444617465203137203020520a3e3e0a656e646f626a0a392030206f626a0a3c3c0a2f54797065202f466f6e740a2f42617365466f6e74202f48656c7665746963610a2f53756274797065202f54797065310a2f456e636f64696e67202f57696e416e7369456e636f64696e670a3e3e0a656e646f626a0a382030206f626a0a3c3c0a2f54797065202f466f6e740a2f42617365466f6e74202f48656c7665746963612d426f6c640a2f53756274797065202f54797065310a2f456e636f64696e67202f57696e416e7369456e636f64696e670a3e3e0a656e646f626a0a342030206f626a0a3c3c0a3e3e0a656e646f626a0a332030206f626a0a3c3c0a2f54797065202f436174616c6f670a2f50616765732031203020520a2f4e616d65732032203020520a3e3e0a656e646f626a0a312030206f626a0a3c3c0a2f54797065202f50616765730a2f436f756e7420310a2f4b696473205b37203020525d0a3e3e0a656e646f626a0a322030206f626a0a3c3c0a2f4465737473203c3c0a20202f4e616d6573205b0a5d0a3e3e0a3e3e0a656e646f626a0a787265660a302031380a303030303030303030302036353533352066200a30303030303031383836203030303030206e200a30303030303031393433203030303030206e200a30303030303031383234203030303030206e200a30303030303031383033203030303030206e200a30303030303030323438203030303030206e200a30303030303030313331203030303030206e200a30303030303030303135203030303030206e200a30303030303031373031203030303030206e200a30303030303031363034203030303030206e200a30303030303031343637203030303030206e200a30303030303031323333203030303030206e200a30303030303031323631203030303030206e200a30303030303031323839203030303030206e200a30303030303031333235203030303030206e200a30303030303031333533203030303030206e200a30303030303031333831203030303030206e200a30303030303031343331203030303030206e200a747261696c65720a3c3c0a2f53697a652031380a2f526f6f742033203020520a2f496e666f203130203020520a2f4944205b3c30376531353838643536346138383638343832333037613035323966383661663e203c30376531353838643536346138383638343832333037613035323966383661663e5d0a3e3e0a7374617274787265660a313939300a2525454f460a', '2026-11-24 21:55:57.384+00', '2026-11-24 21:55:57.253+00', '2026-11-24 21:55:57.253+00', NULL);


--
-- Data for Name: payment_cards; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: payment_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payment_events VALUES
	('evt_sb_d4eccc8a02ff4a999cce0529', 'checkout.paid', '2026-11-24 21:55:57.253+00', '2026-11-24 21:55:57.253+00');


--
-- Data for Name: payments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payments VALUES
	('e435153d-c799-4968-9158-80b2741daef4', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '9c4a1694-8230-41bf-83e2-efb603a4ba5a', '291dea2e-39d8-4b57-8115-168ae58577ed', '0c583424-d668-4ab1-8227-3000bc5ac35b', 500.00, 'ch_sb_5f059695f961ba36c9a70667', '2026-11-24 21:55:57.253+00');


--
-- Data for Name: private_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.private_keys VALUES
	('aa769a71-f985-4793-90f3-5c47e26585cd', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', 'AbpCUHJUCLIBo57qdMRz2TumbBY4RYXQPk1wfhnsGyRrrmCRe3iduAOiyOxCbyoZkr3tDBZPBn88VBXBhOmUf0PdfP3EDHf3VXRtlh5I9GPuKDaPg6TUaQuazynXlm96Yj32rozDLIVb8syGD0AgsTQOAmSOeTbUASdVIYW+g/zDMIeG36GO+XXhJaaoxRm8YjPmZ0KdxRDvQbyE3pM4mzAkFRDogEQ=', 'software', '\x3059301306072a8648ce3d020106082a8648ce3d03010703420004113915a3c4e211837320da819fb0f5ae68c89b215fd8dc5bc4784172b35038342b8f63b9e2f4224cef019448dbcdbc80330334dcd97eb976ff93c437a0b8551d', 'generated', '2026-11-24 21:55:57.413+00', NULL),
	('6cc473f3-5dc3-4258-ade0-49be2d7dad1c', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', 'Abao2uyKyd2O4bL6DaZmC1z+hfcHWhk8ToxSzF1zuI8Xe4lI3osyP06La0jnszmrLPC6vtx+ND7fVm4Gn3luIzu1BURNGCzeG+1mdKQt1+I6THbFYATa1n2m6wBjDBedt6DhmLGZzIFcd1CQ1FxYmpcfQIs8Yj1sVeGgC0MAY/4vxCARNDPshetpjxqDi+/qRpC+srBVydBFBt+/17GShzhyAQo4s5I=', 'software', '\x3059301306072a8648ce3d020106082a8648ce3d0301070342000487fb1b1a50c6a46f8bda0515d0a3fc1bedc9d1233137677de361984e7d63b2591110c3079485d732a5381a3379d54293b62203b4e7df3e7da6f4f49e394f68ea', 'generated', '2026-11-24 21:55:57.517+00', NULL);


--
-- Data for Name: rate_limits; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rate_limits VALUES
	('POST /api/auth/register 127.0.0.1', 1, '2026-11-24 21:56:56.936917+00'),
	('POST /api/service_provider/confirm/:token 127.0.0.1', 1, '2026-11-24 21:56:57.16909+00'),
	('POST /api/payment/subscription 127.0.0.1', 1, '2026-11-24 21:56:57.183076+00'),
	('POST /api/auth/login 127.0.0.1', 1, '2026-11-24 21:56:57.313628+00'),
	('sti-pa-credentials dfeb4516-2b6a-4f14-9caf-3a34efceed23', 2, '2026-11-24 21:56:57.419798+00'),
	('POST /stipa-sim/api/v1/auth/login 127.0.0.1', 2, '2026-11-24 21:56:57.42525+00');


--
-- Data for Name: resellers; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: sandbox_charges; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: sandbox_customers; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sandbox_customers VALUES
	('cus_sb_b8917aa613eda8726ad1e5c1', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', 'owner1.19b3d0@carrier.test', 'Analytical Telecom', '2026-11-24 21:55:57.200711+00');


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_migrations VALUES
	(1, 'accounts', '3b2c5d326a51c403c083fdc263d7b3212392d57c8c18150707818bc03c211915', '2026-11-24 21:55:55.530579+00'),
	(2, 'billing', '0620efca317c9245be00b4425f48c353905be52758a530f1dcfb89725e10184a', '2026-11-24 21:55:55.647893+00'),
	(3, 'stripe_billing', '43e1ef9a543043d29bcbdf58a4525c23a314b5dabad4c23b0214b9dbf56706e6', '2026-11-24 21:55:55.829715+00'),
	(4, 'ca', '6064e6d8149e026489f8bfcf4d1c2d5a8bee15bd9dc865a98a1d97c487535125', '2026-11-24 21:55:55.869451+00'),
	(5, 'rate_limits', 'a7c17d9e0a063226477fef89e7f3d6692f0456e94dc721d0de744048fda012cc', '2026-11-24 21:55:55.989457+00');


--
-- Data for Name: service_providers; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.service_providers VALUES
	('5a0ffdd9-99ce-45cc-9287-dd7be3726278', 'dfeb4516-2b6a-4f14-9caf-3a34efceed23', '001A', 'Analytical Telecom', '(202) 555-0143', 'CTO', '1 Engine Way', NULL, 'US', 'NY', 'New York', '10001', '123456', '0012345678', NULL, '2026-11-24 21:55:57.083004+00', '2026-11-24 21:55:57.083004+00', 'cus_sb_b8917aa613eda8726ad1e5c1');


--
-- Data for Name: spc_token_jtis; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.spc_token_jtis VALUES
	('79a46b45-78cc-441b-a34d-585dac794fbd', '2026-11-24 22:55:57+00', '2026-11-24 21:55:57.497936+00'),
	('3b46e8fa-e4c4-4b5f-968a-c2a82d6f3c46', '2026-11-24 22:55:57+00', '2026-11-24 21:55:57.541575+00');


--
-- Data for Name: subscriber_agreements; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscriber_agreements VALUES
	('8a7371f2-e8bd-4eb3-937f-7fccb8459aff', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '2026-11-01', 'Ada Lovelace', '(202) 555-0143', 'CTO', 'Analytical Telecom', '\x89504e470d0a1a0a0000000d49484452000000280000000c080600000010c3ff4d0000002749444154789c63f83fc801c3403b8010187520a560d48194825107520a461d4829187520a50000617a78ea40462caa0000000049454e44ae426082', 'a843df4a98f49bfb2442994aab24f033bf28603696784392166a5e14786d1e63', '2026-11-24 21:55:57.082+00', '127.0.0.1');


--
-- Data for Name: subscription_changes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscription_changes VALUES
	('48c90784-4055-4c74-b1d6-9ee5c22fe0a8', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', '9c4a1694-8230-41bf-83e2-efb603a4ba5a', 'payment', 'subscription started', NULL, 'year until 2027-11-24T21:55:57.253Z', '2026-11-24 21:55:57.253+00');


--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscriptions VALUES
	('9c4a1694-8230-41bf-83e2-efb603a4ba5a', '5a0ffdd9-99ce-45cc-9287-dd7be3726278', 'active', 'year', 1, '2026-11-24 21:55:57.253+00', '2027-11-24 21:55:57.253+00', false, '2026-11-24 21:55:57.253+00', '2026-11-24 21:55:57.253+00', 'sub_0b8e84a2e5c1a6897e1ed2ca', NULL, NULL);


--
-- Name: audit_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_log_id_seq', 5, true);


--
-- Name: archive archive_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.archive
    ADD CONSTRAINT archive_pkey PRIMARY KEY (name, id);


--
-- Name: job job_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.job
    ADD CONSTRAINT job_pkey PRIMARY KEY (name, id);


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e
    ADD CONSTRAINT j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_pkey PRIMARY KEY (name, id);


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3
    ADD CONSTRAINT j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_pkey PRIMARY KEY (name, id);


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a
    ADD CONSTRAINT j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_pkey PRIMARY KEY (name, id);


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23
    ADD CONSTRAINT j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_pkey PRIMARY KEY (name, id);


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac
    ADD CONSTRAINT ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_pkey PRIMARY KEY (name, id);


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c
    ADD CONSTRAINT jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_pkey PRIMARY KEY (name, id);


--
-- Name: queue queue_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.queue
    ADD CONSTRAINT queue_pkey PRIMARY KEY (name);


--
-- Name: schedule schedule_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.schedule
    ADD CONSTRAINT schedule_pkey PRIMARY KEY (name);


--
-- Name: subscription subscription_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.subscription
    ADD CONSTRAINT subscription_pkey PRIMARY KEY (event, name);


--
-- Name: version version_pkey; Type: CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.version
    ADD CONSTRAINT version_pkey PRIMARY KEY (version);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);


--
-- Name: auth_tokens auth_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_tokens
    ADD CONSTRAINT auth_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: ca_issuers ca_issuers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ca_issuers
    ADD CONSTRAINT ca_issuers_pkey PRIMARY KEY (id);


--
-- Name: certificates certificates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_pkey PRIMARY KEY (id);


--
-- Name: certificates certificates_serial_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_serial_number_key UNIQUE (serial_number);


--
-- Name: checkouts checkouts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkouts
    ADD CONSTRAINT checkouts_pkey PRIMARY KEY (id);


--
-- Name: checkouts checkouts_provider_ref_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkouts
    ADD CONSTRAINT checkouts_provider_ref_key UNIQUE (provider_ref);


--
-- Name: crls crls_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.crls
    ADD CONSTRAINT crls_pkey PRIMARY KEY (issuer_id, crl_number);


--
-- Name: invoice_counter invoice_counter_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoice_counter
    ADD CONSTRAINT invoice_counter_pkey PRIMARY KEY (id);


--
-- Name: invoices invoices_invoice_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);


--
-- Name: invoices invoices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);


--
-- Name: payment_cards payment_cards_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_cards
    ADD CONSTRAINT payment_cards_pkey PRIMARY KEY (id);


--
-- Name: payment_events payment_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_pkey PRIMARY KEY (event_id);


--
-- Name: payments payments_checkout_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_checkout_id_key UNIQUE (checkout_id);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


--
-- Name: payments payments_transaction_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_transaction_id_key UNIQUE (transaction_id);


--
-- Name: private_keys private_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.private_keys
    ADD CONSTRAINT private_keys_pkey PRIMARY KEY (id);


--
-- Name: rate_limits rate_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (key);


--
-- Name: resellers resellers_account_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resellers
    ADD CONSTRAINT resellers_account_id_key UNIQUE (account_id);


--
-- Name: resellers resellers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resellers
    ADD CONSTRAINT resellers_pkey PRIMARY KEY (id);


--
-- Name: resellers resellers_url_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resellers
    ADD CONSTRAINT resellers_url_token_key UNIQUE (url_token);


--
-- Name: sandbox_charges sandbox_charges_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sandbox_charges
    ADD CONSTRAINT sandbox_charges_pkey PRIMARY KEY (idempotency_key);


--
-- Name: sandbox_charges sandbox_charges_transaction_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sandbox_charges
    ADD CONSTRAINT sandbox_charges_transaction_id_key UNIQUE (transaction_id);


--
-- Name: sandbox_customers sandbox_customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sandbox_customers
    ADD CONSTRAINT sandbox_customers_pkey PRIMARY KEY (ref);


--
-- Name: sandbox_customers sandbox_customers_service_provider_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sandbox_customers
    ADD CONSTRAINT sandbox_customers_service_provider_id_key UNIQUE (service_provider_id);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: service_providers service_providers_account_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_providers
    ADD CONSTRAINT service_providers_account_id_key UNIQUE (account_id);


--
-- Name: service_providers service_providers_payment_customer_ref_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_providers
    ADD CONSTRAINT service_providers_payment_customer_ref_key UNIQUE (payment_customer_ref);


--
-- Name: service_providers service_providers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_providers
    ADD CONSTRAINT service_providers_pkey PRIMARY KEY (id);


--
-- Name: spc_token_jtis spc_token_jtis_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spc_token_jtis
    ADD CONSTRAINT spc_token_jtis_pkey PRIMARY KEY (jti);


--
-- Name: subscriber_agreements subscriber_agreements_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriber_agreements
    ADD CONSTRAINT subscriber_agreements_pkey PRIMARY KEY (id);


--
-- Name: subscription_changes subscription_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscription_changes
    ADD CONSTRAINT subscription_changes_pkey PRIMARY KEY (id);


--
-- Name: subscriptions subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id);


--
-- Name: subscriptions subscriptions_provider_ref_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_provider_ref_key UNIQUE (provider_ref);


--
-- Name: archive_i1; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE INDEX archive_i1 ON pgboss.archive USING btree (archived_on);


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i1; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i1 ON pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'created'::pgboss.job_state) AND (policy = 'short'::text));


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i2; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i2 ON pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'active'::pgboss.job_state) AND (policy = 'singleton'::text));


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i3; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i3 ON pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e USING btree (name, state, COALESCE(singleton_key, ''::text)) WHERE ((state <= 'active'::pgboss.job_state) AND (policy = 'stately'::text));


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i4; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i4 ON pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e USING btree (name, singleton_on, COALESCE(singleton_key, ''::text)) WHERE ((state <> 'cancelled'::pgboss.job_state) AND (singleton_on IS NOT NULL));


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i5; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE INDEX j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_i5 ON pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e USING btree (name, start_after) INCLUDE (priority, created_on, id) WHERE (state < 'active'::pgboss.job_state);


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i1; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i1 ON pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'created'::pgboss.job_state) AND (policy = 'short'::text));


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i2; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i2 ON pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'active'::pgboss.job_state) AND (policy = 'singleton'::text));


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i3; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i3 ON pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 USING btree (name, state, COALESCE(singleton_key, ''::text)) WHERE ((state <= 'active'::pgboss.job_state) AND (policy = 'stately'::text));


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i4; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i4 ON pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 USING btree (name, singleton_on, COALESCE(singleton_key, ''::text)) WHERE ((state <> 'cancelled'::pgboss.job_state) AND (singleton_on IS NOT NULL));


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i5; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE INDEX j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_i5 ON pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 USING btree (name, start_after) INCLUDE (priority, created_on, id) WHERE (state < 'active'::pgboss.job_state);


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i1; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i1 ON pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'created'::pgboss.job_state) AND (policy = 'short'::text));


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i2; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i2 ON pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'active'::pgboss.job_state) AND (policy = 'singleton'::text));


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i3; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i3 ON pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a USING btree (name, state, COALESCE(singleton_key, ''::text)) WHERE ((state <= 'active'::pgboss.job_state) AND (policy = 'stately'::text));


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i4; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i4 ON pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a USING btree (name, singleton_on, COALESCE(singleton_key, ''::text)) WHERE ((state <> 'cancelled'::pgboss.job_state) AND (singleton_on IS NOT NULL));


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i5; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE INDEX j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_i5 ON pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a USING btree (name, start_after) INCLUDE (priority, created_on, id) WHERE (state < 'active'::pgboss.job_state);


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i1; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i1 ON pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'created'::pgboss.job_state) AND (policy = 'short'::text));


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i2; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i2 ON pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'active'::pgboss.job_state) AND (policy = 'singleton'::text));


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i3; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i3 ON pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 USING btree (name, state, COALESCE(singleton_key, ''::text)) WHERE ((state <= 'active'::pgboss.job_state) AND (policy = 'stately'::text));


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i4; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i4 ON pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 USING btree (name, singleton_on, COALESCE(singleton_key, ''::text)) WHERE ((state <> 'cancelled'::pgboss.job_state) AND (singleton_on IS NOT NULL));


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i5; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE INDEX j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_i5 ON pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 USING btree (name, start_after) INCLUDE (priority, created_on, id) WHERE (state < 'active'::pgboss.job_state);


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i1; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i1 ON pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'created'::pgboss.job_state) AND (policy = 'short'::text));


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i2; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i2 ON pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'active'::pgboss.job_state) AND (policy = 'singleton'::text));


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i3; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i3 ON pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac USING btree (name, state, COALESCE(singleton_key, ''::text)) WHERE ((state <= 'active'::pgboss.job_state) AND (policy = 'stately'::text));


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i4; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i4 ON pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac USING btree (name, singleton_on, COALESCE(singleton_key, ''::text)) WHERE ((state <> 'cancelled'::pgboss.job_state) AND (singleton_on IS NOT NULL));


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i5; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE INDEX ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_i5 ON pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac USING btree (name, start_after) INCLUDE (priority, created_on, id) WHERE (state < 'active'::pgboss.job_state);


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i1; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i1 ON pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'created'::pgboss.job_state) AND (policy = 'short'::text));


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i2; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i2 ON pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'active'::pgboss.job_state) AND (policy = 'singleton'::text));


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i3; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i3 ON pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c USING btree (name, state, COALESCE(singleton_key, ''::text)) WHERE ((state <= 'active'::pgboss.job_state) AND (policy = 'stately'::text));


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i4; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE UNIQUE INDEX jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i4 ON pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c USING btree (name, singleton_on, COALESCE(singleton_key, ''::text)) WHERE ((state <> 'cancelled'::pgboss.job_state) AND (singleton_on IS NOT NULL));


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i5; Type: INDEX; Schema: pgboss; Owner: -
--

CREATE INDEX jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_i5 ON pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c USING btree (name, start_after) INCLUDE (priority, created_on, id) WHERE (state < 'active'::pgboss.job_state);


--
-- Name: accounts_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX accounts_email_key ON public.accounts USING btree (lower(email));


--
-- Name: audit_log_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_sp_idx ON public.audit_log USING btree (service_provider_id, occurred_on DESC);


--
-- Name: auth_tokens_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auth_tokens_account_idx ON public.auth_tokens USING btree (account_id, purpose);


--
-- Name: ca_issuers_current_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX ca_issuers_current_key ON public.ca_issuers USING btree (role) WHERE is_current;


--
-- Name: certificates_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX certificates_key_idx ON public.certificates USING btree (private_key_id, created_on DESC);


--
-- Name: certificates_revoked_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX certificates_revoked_idx ON public.certificates USING btree (issuer_id, revoked_on) WHERE (revoked_on IS NOT NULL);


--
-- Name: certificates_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX certificates_sp_idx ON public.certificates USING btree (service_provider_id, created_on DESC);


--
-- Name: checkouts_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX checkouts_open_idx ON public.checkouts USING btree (created_on) WHERE (status = 'open'::text);


--
-- Name: checkouts_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX checkouts_sp_idx ON public.checkouts USING btree (service_provider_id, created_on DESC);


--
-- Name: invoices_provider_ref_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX invoices_provider_ref_idx ON public.invoices USING btree (provider_ref) WHERE (provider_ref IS NOT NULL);


--
-- Name: invoices_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invoices_sp_idx ON public.invoices USING btree (service_provider_id, created_on DESC);


--
-- Name: payment_cards_customer_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_cards_customer_idx ON public.payment_cards USING btree (customer, created DESC);


--
-- Name: payments_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payments_sp_idx ON public.payments USING btree (service_provider_id, created_on DESC);


--
-- Name: private_keys_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX private_keys_sp_idx ON public.private_keys USING btree (service_provider_id, created_on DESC) WHERE (deleted_on IS NULL);


--
-- Name: rate_limits_window_ends_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rate_limits_window_ends_idx ON public.rate_limits USING btree (window_ends);


--
-- Name: service_providers_ocn_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX service_providers_ocn_key ON public.service_providers USING btree (upper(ocn));


--
-- Name: service_providers_reseller_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX service_providers_reseller_idx ON public.service_providers USING btree (reseller_id);


--
-- Name: spc_token_jtis_expires_on_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX spc_token_jtis_expires_on_idx ON public.spc_token_jtis USING btree (expires_on);


--
-- Name: subscriber_agreements_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subscriber_agreements_sp_idx ON public.subscriber_agreements USING btree (service_provider_id, accepted_on DESC);


--
-- Name: subscription_changes_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subscription_changes_sp_idx ON public.subscription_changes USING btree (service_provider_id, created_on DESC);


--
-- Name: subscriptions_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subscriptions_due_idx ON public.subscriptions USING btree (current_period_end) WHERE (status = 'active'::text);


--
-- Name: subscriptions_sp_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX subscriptions_sp_idx ON public.subscriptions USING btree (service_provider_id, created_on DESC);


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_pkey; Type: INDEX ATTACH; Schema: pgboss; Owner: -
--

ALTER INDEX pgboss.job_pkey ATTACH PARTITION pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e_pkey;


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_pkey; Type: INDEX ATTACH; Schema: pgboss; Owner: -
--

ALTER INDEX pgboss.job_pkey ATTACH PARTITION pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3_pkey;


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_pkey; Type: INDEX ATTACH; Schema: pgboss; Owner: -
--

ALTER INDEX pgboss.job_pkey ATTACH PARTITION pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a_pkey;


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_pkey; Type: INDEX ATTACH; Schema: pgboss; Owner: -
--

ALTER INDEX pgboss.job_pkey ATTACH PARTITION pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23_pkey;


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_pkey; Type: INDEX ATTACH; Schema: pgboss; Owner: -
--

ALTER INDEX pgboss.job_pkey ATTACH PARTITION pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac_pkey;


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_pkey; Type: INDEX ATTACH; Schema: pgboss; Owner: -
--

ALTER INDEX pgboss.job_pkey ATTACH PARTITION pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c_pkey;


--
-- Name: audit_log audit_log_no_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_no_change BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e dlq_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e
    ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 dlq_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3
    ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a dlq_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a
    ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 dlq_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23
    ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac dlq_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac
    ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c dlq_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c
    ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e q_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j03538e46975d2e172b37a4c70781b3f0f3ee0ad760dbb52ebd0f149e
    ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3 q_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j3f168501ed9816b51a9f5765e0742e1eb034ab6bf72c9ae3f3a975e3
    ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a q_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j67bfd89a370137abc23edadfd30a910908469849702e623601108d6a
    ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23 q_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.j767145ae1a61fdc823c1f4daabddfe6244a0fa9a3d01572b2754bd23
    ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac q_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.ja024ff87a53b1c2877686721e04a9dd26865842b617a8c6246972bac
    ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c q_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.jca793672784a3dd84c0594da132eae24d5c0189db52b083e43c2423c
    ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;


--
-- Name: queue queue_dead_letter_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.queue
    ADD CONSTRAINT queue_dead_letter_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name);


--
-- Name: schedule schedule_name_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.schedule
    ADD CONSTRAINT schedule_name_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE CASCADE;


--
-- Name: subscription subscription_name_fkey; Type: FK CONSTRAINT; Schema: pgboss; Owner: -
--

ALTER TABLE ONLY pgboss.subscription
    ADD CONSTRAINT subscription_name_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE CASCADE;


--
-- Name: auth_tokens auth_tokens_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_tokens
    ADD CONSTRAINT auth_tokens_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: certificates certificates_issuer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_issuer_id_fkey FOREIGN KEY (issuer_id) REFERENCES public.ca_issuers(id);


--
-- Name: certificates certificates_private_key_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_private_key_id_fkey FOREIGN KEY (private_key_id) REFERENCES public.private_keys(id) ON DELETE RESTRICT;


--
-- Name: certificates certificates_replaces_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_replaces_id_fkey FOREIGN KEY (replaces_id) REFERENCES public.certificates(id);


--
-- Name: certificates certificates_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certificates
    ADD CONSTRAINT certificates_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE RESTRICT;


--
-- Name: checkouts checkouts_invoice_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkouts
    ADD CONSTRAINT checkouts_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE SET NULL;


--
-- Name: checkouts checkouts_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkouts
    ADD CONSTRAINT checkouts_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- Name: checkouts checkouts_subscription_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkouts
    ADD CONSTRAINT checkouts_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES public.subscriptions(id) ON DELETE SET NULL;


--
-- Name: crls crls_issuer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.crls
    ADD CONSTRAINT crls_issuer_id_fkey FOREIGN KEY (issuer_id) REFERENCES public.ca_issuers(id);


--
-- Name: invoices invoices_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- Name: invoices invoices_subscription_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES public.subscriptions(id) ON DELETE SET NULL;


--
-- Name: payment_cards payment_cards_customer_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_cards
    ADD CONSTRAINT payment_cards_customer_fkey FOREIGN KEY (customer) REFERENCES public.sandbox_customers(ref) ON DELETE CASCADE;


--
-- Name: payments payments_checkout_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_checkout_id_fkey FOREIGN KEY (checkout_id) REFERENCES public.checkouts(id) ON DELETE SET NULL;


--
-- Name: payments payments_invoice_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE SET NULL;


--
-- Name: payments payments_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- Name: payments payments_subscription_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES public.subscriptions(id) ON DELETE SET NULL;


--
-- Name: private_keys private_keys_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.private_keys
    ADD CONSTRAINT private_keys_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- Name: resellers resellers_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resellers
    ADD CONSTRAINT resellers_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: sandbox_customers sandbox_customers_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sandbox_customers
    ADD CONSTRAINT sandbox_customers_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- Name: service_providers service_providers_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_providers
    ADD CONSTRAINT service_providers_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: service_providers service_providers_reseller_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_providers
    ADD CONSTRAINT service_providers_reseller_id_fkey FOREIGN KEY (reseller_id) REFERENCES public.resellers(id) ON DELETE SET NULL;


--
-- Name: subscriber_agreements subscriber_agreements_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriber_agreements
    ADD CONSTRAINT subscriber_agreements_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- Name: subscription_changes subscription_changes_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscription_changes
    ADD CONSTRAINT subscription_changes_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- Name: subscription_changes subscription_changes_subscription_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscription_changes
    ADD CONSTRAINT subscription_changes_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES public.subscriptions(id) ON DELETE SET NULL;


--
-- Name: subscriptions subscriptions_service_provider_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_service_provider_id_fkey FOREIGN KEY (service_provider_id) REFERENCES public.service_providers(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict g1QqM5uh0eRLDXhZVCjAUbseYgTLTwB3YrGd5HkbkXdIYb1vtoUvfiS4RHgvegR

