// The app-specific calls beside ra-data-simple-rest's CRUD verbs, typed once and used through
// useDataProvider<PortalDataProvider>().
import type { DataProvider } from 'react-admin';
import type {
  AvailabilityResponse,
  LoginResponse,
  ServiceProviderProfile,
} from '../../contract/api';
import type { AddCardPayload, UpdateCardPayload } from '../../contract/cards';
import type { RecurringInterval } from '../../contract/constants';

export interface RegisterPayload {
  /** Every registration field of SPEC.md §3, as strings. */
  fields: Record<string, string>;
  /** The drawn signature as PNG; sent as a file part named sign_file with file name sign.png. */
  signature: Blob;
}

export interface PortalDataProvider extends DataProvider {
  checkAvailability(params: { email: string; ocn: string }): Promise<AvailabilityResponse>;
  register(payload: RegisterPayload): Promise<{ service_provider_uuid: string }>;
  resendConfirmationEmail(email: string): Promise<{ message: string }>;
  confirmEmail(token: string): Promise<{ message: string }>;
  forgotPassword(email: string): Promise<{ message: string }>;
  setNewPassword(params: { token: string; password: string; password_extra: string }): Promise<{ message: string }>;
  validateResellerCode(code: string): Promise<{ isValid: boolean }>;
  getProfile(): Promise<ServiceProviderProfile>;
  /** GET /api/reseller: the reseller's own profile, with its promo code `url_token`. */
  getResellerProfile(): Promise<ResellerProfile>;
  /** GET /api/payment/old_subscription_invoice: the payment page of the open past-due invoice. */
  getPastDuePaymentUrl(serviceProviderUuid: string): Promise<{ url: string }>;

  // ---- billing (API.md, provider rows) ----
  /** POST /api/payment/subscription (public): the payment page of a new subscription. */
  createSubscriptionCheckout(params: SubscriptionRequest): Promise<{ data: { url: string } }>;
  /** POST /api/payment/subscription/extend: the payment page that moves the expiry 1 or 12 months. */
  extendSubscription(recurring_interval: RecurringInterval): Promise<{ url: string }>;
  /** GET /api/payment/subscription. */
  getPlan(): Promise<SubscriptionPlan>;
  /** PATCH /api/payment/sp/subscription. */
  changePlan(recurring_interval: RecurringInterval): Promise<{ message: string }>;
  /** POST /api/payment/set_auto_charge. */
  setAutoCharge(params: { auto_charge: boolean; service_provider_uuid: string }): Promise<{ message: string }>;
  /** GET /api/payment/payment_card. */
  listCards(): Promise<{ data: SavedCard[] }>;
  /** POST /api/payment/payment_card. */
  addCard(payload: AddCardPayload): Promise<{ message: string }>;
  /** PATCH /api/payment/payment_card/{id}. */
  updateCard(id: string, payload: UpdateCardPayload): Promise<{ message: string }>;
  /** GET an API file (an invoice PDF) with the bearer token, as a Blob. */
  getFile(path: string): Promise<Blob>;
}

/** SPEC.md §3, subscription request. */
export interface SubscriptionRequest {
  recurring_interval: RecurringInterval;
  recurring_interval_count: 1;
  service_provider_uuid: string;
}

/** GET /api/payment/subscription (API.md). */
export interface SubscriptionPlan {
  plan: { interval: RecurringInterval; interval_count: number } | null;
  status?: string;
  current_period_end?: string | null;
  auto_charge?: boolean;
}

/** A saved card as the payment provider describes it (SPEC.md §3). */
export interface SavedCard {
  id: string;
  created: number;
  card: { brand?: string; last4: string; exp_month: number; exp_year: number };
  billing_details: { address: { line1: string; state: string; city: string; postal_code: string } };
}

export type { LoginResponse };

/** GET /api/reseller (API.md): the fields the web app relies on; the server may send more. */
export interface ResellerProfile {
  id?: string;
  name?: string;
  email?: string;
  company_name?: string;
  url_token: string;
  [field: string]: unknown;
}

/** What a failed call rejects with: the server's `message`, its status, and its body. */
export interface PortalHttpError extends Error {
  status: number;
  body?: {
    message?: string;
    errors?: Record<string, string>;
    service_provider_uuid?: string;
    url?: string;
  };
}
