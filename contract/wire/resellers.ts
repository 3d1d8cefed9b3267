// The resellers' wire shapes (docs/wire.md): each the schema its route answers with and the type the web reads.
import { COMPANY_STATUSES, INVITE_STATUSES, type CompanyStatus, type InviteStatus } from '../resellers';
import { NullableString, Timestamp, Type, type Static } from './kit';

/** A reseller (GET /api/admin/reseller/list, one reseller, and the signed-in reseller's own profile). */
export const ResellerRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  company_name: Type.String(),
  url_token: Type.String(),
  is_active: Type.Boolean(),
  /** The reseller followed the invitation and chose a password. */
  is_confirmed: Type.Boolean(),
  companies_count: Type.Number(),
  created_on: Timestamp(),
});
export type ResellerRow = Static<typeof ResellerRow>;

/** One of the reseller's companies (GET /api/reseller/service_provider). */
export const ResellerCompanyRow = Type.Object({
  id: Type.String(),
  company_name: Type.String(),
  ocn: Type.String(),
  email: Type.String(),
  status: Type.Unsafe<CompanyStatus>({ type: 'string', enum: [...COMPANY_STATUSES] }),
  subscription_expired_on: NullableString({ format: 'date-time' }),
  created_on: Timestamp(),
});
export type ResellerCompanyRow = Static<typeof ResellerCompanyRow>;

/** One of the reseller's invitations (GET /api/reseller/service_provider/invite). */
export const ResellerInviteRow = Type.Object({
  id: Type.String(),
  email: Type.String(),
  company_name: NullableString(),
  first_name: NullableString(),
  last_name: NullableString(),
  status: Type.Unsafe<InviteStatus>({ type: 'string', enum: [...INVITE_STATUSES] }),
  sent_count: Type.Number(),
  sent_on: Timestamp(),
  created_on: Timestamp(),
});
export type ResellerInviteRow = Static<typeof ResellerInviteRow>;

/** One of the reseller's companies with its contact (GET /api/reseller/service_provider/{id}). */
export const ResellerCompanyDetails = Type.Composite([
  ResellerCompanyRow,
  Type.Object({
    first_name: Type.String(),
    last_name: Type.String(),
    phone_number: Type.String(),
    city: Type.String(),
    state: Type.String(),
  }),
]);
export type ResellerCompanyDetails = Static<typeof ResellerCompanyDetails>;

/** A payment of one of the reseller's companies (GET /api/reseller/users/payment). */
export const ResellerPaymentRow = Type.Object({
  id: Type.String(),
  amount: Type.Number(),
  transaction_id: Type.String(),
  created_on: Type.String(),
  service_provider_uuid: Type.String(),
  company_name: Type.String(),
  /** What the payment was for: 'Yearly plan, 11/28/2026 – 11/28/2027', 'Extension, 3 months'… (docs/billing.md). */
  for: Type.String(),
});
export type ResellerPaymentRow = Static<typeof ResellerPaymentRow>;
