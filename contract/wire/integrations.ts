// The wire shapes of the integrations this server hosts (docs/wire.md): the sandbox's payment page and the STI-PA
// simulator, which answers in the STI-PA's own shapes (`{ status: 'success', … }`; a refusal is
// `{ status: 'error', message }`).
import { Type, type Static } from './kit';
import { IdParams } from './params';

/** The sandbox's payment page (`/sandbox/checkout/{id}`): a checkout's id, a UUID. */
export const SandboxCheckoutParams = IdParams('id');
export type SandboxCheckoutParams = Static<typeof SandboxCheckoutParams>;

/** An STI-PA answer that succeeded, with these fields beside its status. */
const stiPaSuccess = <P extends Parameters<typeof Type.Object>[0]>(properties: P) =>
  Type.Object({ status: Type.String(), ...properties });

/** POST …/auth/login: the access token of the session. */
export const StiPaLoginAnswer = stiPaSuccess({ accessToken: Type.String() });
export type StiPaLoginAnswer = Static<typeof StiPaLoginAnswer>;

/** POST …/auth/logout: done. */
export const StiPaDoneAnswer = stiPaSuccess({});
export type StiPaDoneAnswer = Static<typeof StiPaDoneAnswer>;

/** POST …/account/{ocn}/token: the SPC token, and the SHAKEN CRL's URL the certificate names. */
export const StiPaTokenAnswer = stiPaSuccess({ token: Type.String(), crl: Type.String() });
export type StiPaTokenAnswer = Static<typeof StiPaTokenAnswer>;

/** GET …/ca-list: the approved CA roots (PEM each), and the same list signed as a JWS. */
export const StiPaCaListAnswer = stiPaSuccess({
  trustList: Type.Array(Type.String()),
  caList: Type.String(),
});
export type StiPaCaListAnswer = Static<typeof StiPaCaListAnswer>;

/**
 * The OCN in a token request's path. Any text: the simulator itself answers a malformed one in the STI-PA's words
 * (400, "OCN must be 4 letters or digits").
 */
export const StiPaOcnParams = Type.Object({ ocn: Type.String() });
export type StiPaOcnParams = Static<typeof StiPaOcnParams>;

/** The signing certificate's file name in its path (`<name>.crt`); another name is the simulator's 404. */
export const StiPaCertificateParams = Type.Object({ name: Type.String() });
export type StiPaCertificateParams = Static<typeof StiPaCertificateParams>;
