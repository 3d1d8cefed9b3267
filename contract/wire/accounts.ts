// Sign-in, registration and the provider's profile on the wire (docs/wire.md): each the schema its route answers
// with and the type the web reads.
import { ROLES, type Role } from '../constants';
import { NullableString, Timestamp, Type, type Static } from './kit';

const RoleName = () => Type.Unsafe<Role>({ type: 'string', enum: [...ROLES] });

/** Who signed in, as the web keeps it; a provider's user names the company and the provider. */
export const SessionUser = Type.Object({
  id: Type.String(),
  type: RoleName(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  company_name: Type.Optional(Type.String()),
  service_provider_uuid: Type.Optional(Type.String({ format: 'uuid' })),
});
export type SessionUser = Static<typeof SessionUser>;

/** POST /api/auth/login: the token and its user. */
export const LoginResponse = Type.Object({ token: Type.String(), user: SessionUser });
export type LoginResponse = Static<typeof LoginResponse>;

/** POST /api/auth/register (201): the new provider. */
export const RegisterResponse = Type.Object({ service_provider_uuid: Type.String({ format: 'uuid' }) });
export type RegisterResponse = Static<typeof RegisterResponse>;

/** GET /api/service_provider/check_availability: whether the OCN and the email are taken. */
export const AvailabilityResponse = Type.Object({
  isOcnExists: Type.Boolean(),
  isEmailExists: Type.Boolean(),
});
export type AvailabilityResponse = Static<typeof AvailabilityResponse>;

/** POST /api/auth/reseller_token/{code}: whether the code names an active reseller, and then its company. */
export const ResellerCodeCheck = Type.Object({
  isValid: Type.Boolean(),
  company_name: Type.Optional(Type.String()),
});

/** The reseller's code in the path: any text, normalized and looked up by the route (an unknown one is invalid). */
export const ResellerCodeParams = Type.Object({ code: Type.String() });

/** The confirmation link's token in the path: any text; a malformed one answers what an unknown one does. */
export const LinkTokenParams = Type.Object({ token: Type.String() });

/** POST /api/service_provider/confirm/{token}: the sentence, and whether the email was confirmed before. */
export const ConfirmEmailResponse = Type.Object(
  { message: Type.String(), already_confirmed: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** GET /api/service_provider: every field of the signed-in provider's profile. */
export const ServiceProviderProfile = Type.Object({
  service_provider_uuid: Type.String({ format: 'uuid' }),
  type: Type.Literal('service-provider'),
  first_name: Type.String(),
  last_name: Type.String(),
  company_name: Type.String(),
  printed_name: NullableString(),
  ocn: Type.String(),
  email: Type.String(),
  phone_number: Type.String(),
  title: Type.String(),
  address: Type.String(),
  address2: NullableString(),
  city: Type.String(),
  state: Type.String(),
  zipcode: Type.String(),
  country: Type.String(),
  filer_id: NullableString(),
  frn_number: NullableString(),
  is_active: Type.Boolean(),
  is_confirmed: Type.Boolean(),
  subscription_started_on: NullableString({ format: 'date-time' }),
  subscription_expired_on: NullableString({ format: 'date-time' }),
  auto_charge: Type.Boolean(),
  created_on: Timestamp(),
});
export type ServiceProviderProfile = Static<typeof ServiceProviderProfile>;

/** The availability check's query: checked by its yup rules (with their messages), so any text passes here. */
export const AvailabilityQuerystring = Type.Object({
  email: Type.Optional(Type.String()),
  ocn: Type.Optional(Type.String()),
});
