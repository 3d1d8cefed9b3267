// What the server publishes before anyone signs in, on the wire (docs/wire.md): the web app's settings and the
// health check.
import { Type, type Static } from './kit';

/** GET /api/public/settings. */
export const PublicSettings = Type.Object({
  support_url: Type.String(),
  payments: Type.Unsafe<'sandbox' | 'stripe'>({ type: 'string', enum: ['sandbox', 'stripe'] }),
  /** Stripe's publishable key (pk_...), set in Stripe mode: the card form's secure fields need it. */
  stripe_publishable_key: Type.Optional(Type.String()),
  /** A demo portal (sandbox payments or the built-in STI-PA simulator): every page shows a banner. */
  demo: Type.Optional(Type.Boolean()),
  /** The ACME directory (PUBLIC_URL/acme/directory) a provider gives its ACME client. */
  acme_directory_url: Type.Optional(Type.String()),
});
export type PublicSettings = Static<typeof PublicSettings>;

/** GET /api/health: 200 with ok, or 503 with what is down. */
export const HealthStatus = Type.Object({ status: Type.String(), db: Type.String() });
export type HealthStatus = Static<typeof HealthStatus>;
