// The app-specific calls beside ra-data-simple-rest's CRUD verbs, typed once and used through
// useDataProvider<PortalDataProvider>(). The shapes on the wire are contract/api.ts's; only what the web
// app alone holds (a Blob, its error object) is declared here.
import type { DataProvider, SortPayload } from 'react-admin';
import type {
  AvailabilityResponse,
  CertificateRow,
  GenerateCertificatePayload,
  GenerateCertificateResult,
  PrivateKeyRow,
  ResellerProfile,
  SavedCard,
  ServiceProviderProfile,
  SubscriptionPlan,
  SubscriptionRequest,
} from '../../contract/api';
// AddCardStripePayload (Stripe mode): a payment method's id and the billing address, no number, expiry or cvc
import type { AddCardPayload, AddCardStripePayload, UpdateCardPayload } from '../../contract/cards';
import type { RecurringInterval } from '../../contract/constants';
import type { AdminDashboard } from '../../contract/dashboard';
import type { NumberOptions } from '../../contract/numbers';
import type { DelegateUncovered, NumbersRemoved } from '../../contract/wire/numbers';
import type { PromoCodeCheck, ResellerRow } from '../../contract/resellers';
import type { AutoRenewalInput, RenewalRevokeOld, RevocationReason } from '../../contract/certificates';
import type { ExtensionInput } from '../../contract/admin';
import type { RequestStiScaInput } from '../../contract/delegates';
import type { AcmeCredentialCreated } from '../../contract/acme';
import type { CreateDelegateRequest, DelegateSelectionRequest } from './delegateCalls';
import type {
  DelegateDetail,
  DelegateIssued,
  RequestStiScaResult,
  StiScaDetail,
  StiScaRow,
} from '../../contract/wire/delegates';
import type { ChangePasswordInput, CheckedLinkPurpose, ProfileUpdate } from '../../contract/schemas';

/** One page of a provider's keys, certificates or imports, for the admin's details page. */
export type ProviderPart = 'certificates' | 'private_keys' | 'tn/import-history' | 'tn/assigned';

export interface RegisterPayload {
  /** Every registration field (docs/screens.md, Registration), as strings. */
  fields: Record<string, string>;
  /** The drawn signature as PNG; sent as a file part named sign_file with file name sign.png. */
  signature: Blob;
}

export interface PortalDataProvider extends DataProvider {
  checkAvailability(params: { email: string; ocn: string }): Promise<AvailabilityResponse>;
  register(payload: RegisterPayload): Promise<{ service_provider_uuid: string }>;
  resendConfirmationEmail(email: string): Promise<{ message: string }>;
  /** `already_confirmed`: the link's account was confirmed before (the link clicked again). */
  confirmEmail(token: string): Promise<{ message: string; already_confirmed?: boolean }>;
  /** Resolves when a reset or invitation link can still set a password; rejects as the server refuses it. */
  checkPasswordLink(token: string, purpose: CheckedLinkPurpose): Promise<void>;
  forgotPassword(email: string): Promise<{ message: string }>;
  setNewPassword(params: {
    token: string;
    password: string;
    password_extra: string;
  }): Promise<{ message: string }>;
  /** POST /api/auth/reseller_token/{code}: valid or not, and then the reseller's company. */
  validateResellerCode(code: string): Promise<PromoCodeCheck>;
  getProfile(): Promise<ServiceProviderProfile>;
  /** PATCH /api/service_provider: the provider's company and contact details (docs/api.md). */
  updateProfile(fields: ProfileUpdate): Promise<ServiceProviderProfile>;
  /** POST /api/auth/password: a new password, proving the current one; the other sessions end. */
  changePassword(input: ChangePasswordInput): Promise<{ message: string }>;
  /** POST /api/auth/logout_all: every session of the account ends, this one too. */
  logoutEverywhere(): Promise<void>;
  /** GET /api/reseller: the reseller's own profile, with its promo code `url_token`. */
  getResellerProfile(): Promise<ResellerProfile>;
  /** GET /api/payment/old_subscription_invoice: the payment page of the open past-due invoice. */
  getPastDuePaymentUrl(serviceProviderUuid: string): Promise<{ url: string }>;

  // resellers (docs/api.md, resellers)
  /** POST /api/auth/reseller/password (public): an invited reseller or admin chooses a password. */
  acceptInvitation(params: {
    token: string;
    password: string;
    password_extra: string;
  }): Promise<{ message: string }>;
  /** POST /api/admin/reseller/{id}/rotate_token: a new promo code; the old one stops working. */
  rotateResellerCode(id: string): Promise<ResellerRow>;
  /** POST /api/admin/reseller/{id}/invite: the invitation mail again. */
  resendResellerInvitation(id: string): Promise<{ message: string }>;

  // the admin's dashboard
  /** GET /api/admin/dashboard: the portal's figures and the last 12 months. */
  getAdminDashboard(): Promise<AdminDashboard>;

  // billing
  /** POST /api/payment/subscription (public): the payment page of a new subscription. */
  createSubscriptionCheckout(params: SubscriptionRequest): Promise<{ data: { url: string } }>;
  /**
   * POST /api/payment/subscription/extend: the payment page that charges `count` months or years and moves the
   * expiry by as many.
   */
  extendSubscription(recurring_interval: RecurringInterval, count: number): Promise<{ url: string }>;
  /** GET /api/payment/subscription. */
  getPlan(): Promise<SubscriptionPlan>;
  /** PATCH /api/payment/sp/subscription. */
  changePlan(recurring_interval: RecurringInterval): Promise<{ message: string }>;
  /** POST /api/payment/set_auto_charge. */
  setAutoCharge(params: {
    auto_charge: boolean;
    service_provider_uuid: string;
  }): Promise<{ message: string }>;
  /** GET /api/payment/payment_card. */
  listCards(): Promise<{ data: SavedCard[] }>;
  /** POST /api/payment/payment_card: the card fields in sandbox mode, a Stripe payment method's id in Stripe mode. */
  addCard(payload: AddCardPayload | AddCardStripePayload): Promise<{ message: string }>;
  /** PATCH /api/payment/payment_card/{id}. */
  updateCard(id: string, payload: UpdateCardPayload): Promise<{ message: string }>;
  /** GET an API file (an invoice PDF) with the bearer token, as a Blob. */
  getFile(path: string): Promise<Blob>;

  // private keys and certificates
  /** GET /api/service_provider/sti_priv_key?skip=&take=, and sort=["field","ASC"|"DESC"] when given. */
  listPrivateKeys(params: {
    skip: number;
    take: number;
    sort?: SortPayload;
  }): Promise<{ total: number; data: PrivateKeyRow[] }>;
  /** POST /api/service_provider/generate_sti_priv_key (no body). */
  createPrivateKey(): Promise<PrivateKeyRow | undefined>;
  /** POST /api/service_provider/sti_priv_key/import {pem}: an existing P-256 key (PKCS#8 or SEC1 PEM). */
  importPrivateKey(pem: string): Promise<PrivateKeyRow | undefined>;
  /** DELETE /api/service_provider/sti_priv_key/{priv_key_uuid}. */
  deletePrivateKey(uuid: string): Promise<void>;
  /** GET /api/service_provider/sti_priv_key/file/{priv_key_uuid}: the PEM and the content-disposition's file name. */
  downloadPrivateKey(uuid: string): Promise<{ blob: Blob; filename: string }>;
  /** GET /api/service_provider/sti_spc_cert/last/{priv_key_uuid}. */
  lastCertificates(keyUuid: string): Promise<CertificateRow[]>;
  /** POST /api/service_provider/generate_sti_spc_cert. */
  generateCertificate(payload: GenerateCertificatePayload): Promise<GenerateCertificateResult>;
  /**
   * POST /api/service_provider/replace_sti_spc_cert/{serial_number}, optionally with new STI-PA credentials and
   * what becomes of the old certificate (kept valid when not said).
   */
  renewCertificate(
    serialNumber: string,
    creds?: { sti_pa_username: string; sti_pa_password: string; revoke_old?: RenewalRevokeOld },
  ): Promise<unknown>;
  /** POST /api/service_provider/revoke_sti_spc_cert/{serial_number}, optionally with a reason. */
  revokeCertificate(serialNumber: string, reason?: RevocationReason): Promise<unknown>;
  /**
   * PUT /api/service_provider/sti_spc_cert/{serial_number}/auto_renewal: automatic renewal on, with the STI-PA
   * credentials the daily renewal asks its SPC token with; answers the server's sentence.
   */
  enableAutoRenewal(serialNumber: string, creds: AutoRenewalInput): Promise<{ message: string }>;
  /** DELETE /api/service_provider/sti_spc_cert/{serial_number}/auto_renewal: automatic renewal off. */
  disableAutoRenewal(serialNumber: string): Promise<{ message: string }>;
  /** POST /api/public/decrypt_cert: the certificate at that URL as text. */
  decryptCertificate(url: string): Promise<{ text: string }>;
  /** GET /cr/{serial}.pem (public) at this portal's origin: the chain's certificates in PEM, leaf first. */
  getCertificateChain(crUrl: string): Promise<string[]>;

  // the hosted STI-SCA (docs/delegates.md)
  /** GET /api/service_provider/sti_sca: every STI-SCA of the provider, newest first (a plain array). */
  listStiScas(): Promise<StiScaRow[]>;
  /** GET /api/service_provider/sti_sca/{id}: the row and its chain in PEM. */
  getStiSca(id: string): Promise<StiScaDetail>;
  /** POST /api/service_provider/sti_sca with an Idempotency-Key: the STI-SCA, or the error_cause. */
  requestStiSca(creds: RequestStiScaInput): Promise<RequestStiScaResult>;
  /** POST /api/service_provider/sti_sca/{id}/renew with an Idempotency-Key: a new STI-SCA on a new key. */
  renewStiSca(id: string, creds: RequestStiScaInput): Promise<RequestStiScaResult>;
  /** POST /api/service_provider/sti_sca/{id}/revoke, optionally with a reason. */
  revokeStiSca(id: string, reason?: RevocationReason): Promise<void>;

  // the delegate certificates the STI-SCA signs (docs/delegates.md); their list is the CRUD getList
  /** GET /api/service_provider/delegates/{id}: the row, every block it covers and its chain in PEM. */
  getDelegate(id: string): Promise<DelegateDetail>;
  /** POST /api/service_provider/delegates with an Idempotency-Key: the certificate, and the key made for it once. */
  createDelegate(input: CreateDelegateRequest): Promise<DelegateIssued>;
  /** POST /api/service_provider/delegates/{id}/renew with an Idempotency-Key: a new CSR, or a new key made once. */
  renewDelegate(id: string, input: { csr?: string }): Promise<DelegateIssued>;
  /** POST /api/service_provider/delegates/{id}/revoke, optionally with a reason. */
  revokeDelegate(id: string, reason?: RevocationReason): Promise<{ message: string }>;

  // ACME (docs/acme.md); the provider's own credentials are the CRUD getList, create and delete
  /**
   * POST /api/service_provider/acme/eab with a body, without an Idempotency-Key: a credential handed to a customer,
   * bound to its numbers; the HMAC key is in this answer only.
   */
  createCustomerAcmeCredential(input: DelegateSelectionRequest): Promise<AcmeCredentialCreated>;

  // numbers
  /** POST /api/service_provider/tn/import (multipart `file`), telling the bytes sent as they go: 202 `{id}`. */
  uploadNumbers(file: File, onProgress?: (sent: number, total: number) => void): Promise<{ id: string }>;
  /** GET /api/service_provider/tn/import-history/{id}/errors: the rejected rows as CSV. */
  downloadImportErrors(id: string): Promise<{ blob: Blob; filename: string }>;
  /** GET /api/service_provider/tn/assigned/export: the numbers of the listing's filter as CSV. */
  exportNumbers(filter: Record<string, unknown>): Promise<{ blob: Blob; filename: string }>;
  /** GET /api/service_provider/tn/assigned/options?q=: the dropdowns' values starting with q. */
  numberOptions(q?: string): Promise<NumberOptions>;
  /** POST /api/service_provider/tn/remove: the numbers and blocks of `numbers` (lines) leave the inventory. */
  removeNumbers(numbers: string): Promise<NumbersRemoved>;
  /** GET /api/service_provider/delegates/uncovered: the live delegates that cover numbers no longer held. */
  uncoveredDelegates(): Promise<DelegateUncovered[]>;
  /** GET /api/admin/delegates/uncovered: every provider's, with the provider's company. */
  adminUncoveredDelegates(): Promise<
    (DelegateUncovered & { service_provider_id: string; company_name: string })[]
  >;

  // the admin's provider screens
  /** GET /api/admin/service_provider/{id}/{part}: one page (list protocol) of the provider's rows. */
  providerRows(
    providerId: string,
    part: ProviderPart,
    params: {
      page: number;
      perPage: number;
      sort?: { field: string; order: 'ASC' | 'DESC' };
      filter?: Record<string, unknown>;
    },
  ): Promise<{ data: Record<string, unknown>[]; total: number }>;
  /** GET /api/admin/reseller_options: the resellers a provider can be assigned to. */
  resellerOptions(): Promise<{ id: string; name: string; is_active: boolean }[]>;
  /** POST /api/admin/service_provider/{id}/extension {days, reason}. */
  grantExtension(
    providerId: string,
    input: ExtensionInput,
  ): Promise<{ message: string; subscription_expired_on: string }>;
  /** POST /api/admin/service_provider/{id}/resend_confirmation_email. */
  resendProviderConfirmation(providerId: string): Promise<{ message: string }>;
  /** POST /api/admin/service_provider/{id}/certificates/{serial}/revoke, optionally with a reason. */
  revokeProviderCertificate(
    providerId: string,
    serial: string,
    reason?: RevocationReason,
  ): Promise<{ message: string }>;
  /** POST /api/admin/service_provider/{id}/tn/import (multipart `file`): 202 `{id}`. */
  importNumbersFor(providerId: string, file: File): Promise<{ id: string }>;
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
