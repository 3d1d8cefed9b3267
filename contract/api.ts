// Shapes on the wire (docs/api.md), in the API's snake_case.
import type { RecurringInterval, Role } from './constants';

/** The claims of the JWT the server signs. */
export interface TokenClaims {
  sub: string;
  type: Role;
  exp: number;
  iat?: number;
  email: string;
  first_name: string;
  last_name: string;
  company_name?: string;
  service_provider_uuid?: string;
  reseller_id?: string;
  /** The server-side session this token belongs to (revoked at logout, password change or reset). */
  sid?: string;
}

/** The profile, who signed in and the sign-in's answer: their one shape, contract/wire/accounts.ts. */
export type {
  AvailabilityResponse,
  LoginResponse,
  ServiceProviderProfile,
  SessionUser,
} from './wire/accounts';

/** Body of every 4xx/5xx answer. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
  service_provider_uuid?: string;
  url?: string;
}

/** A key, a certificate and the answer of an issuance: their one shape, contract/wire/certificates.ts. */
export type { CertificateRow, GenerateCertificateResult, PrivateKeyRow } from './wire/certificates';

export interface BillingAddress {
  line1: string;
  state: string;
  city: string;
  postal_code: string;
}

/** A saved card as the payment provider describes it: never a full number or a CVC. */
export interface SavedCard {
  id: string;
  /** Unix seconds; the card with the largest value is the current card. */
  created: number;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  billing_details: { address: BillingAddress };
}

/** POST /api/payment/subscription: a new subscription's checkout (docs/screens.md, Plan and payment). */
export interface SubscriptionRequest {
  recurring_interval: RecurringInterval;
  recurring_interval_count: 1;
  service_provider_uuid: string;
  /** Keep the card paid with for automatic renewal (docs/billing.md); false when left out. */
  save_card?: boolean;
}

/** GET /api/payment/subscription (docs/api.md). */
export interface SubscriptionPlan {
  plan: { interval: RecurringInterval; interval_count: number } | null;
  status?: string;
  current_period_end?: string | null;
  auto_charge?: boolean;
  /** Dollars charged for one period of each plan; the next charge is on current_period_end (docs/billing.md). */
  prices?: Record<RecurringInterval, number>;
}

/** GET /api/reseller (docs/api.md): the fields the web app relies on; the server may send more. */
export interface ResellerProfile {
  id?: string;
  name?: string;
  email?: string;
  company_name?: string;
  url_token: string;
  [field: string]: unknown;
}

/** POST /api/service_provider/generate_sti_spc_cert. */
export interface GenerateCertificatePayload {
  sti_pa_username: string;
  sti_pa_password: string;
  private_key_uuid: string;
}

/** Numbers and their imports (docs/api.md "The import file"): the shapes live beside their rules. */
export type { AssignedNumber, NumberImport, NumberOptions } from './numbers';
