// ACME problem documents (RFC 8555 §6.7, RFC 7807): every refusal of the ACME server is one, served as
// application/problem+json with the status here.
export const ACME_ERROR_PREFIX = 'urn:ietf:params:acme:error:';

/** The RFC 8555 §6.7 error types the server answers with. */
export type AcmeErrorType =
  | 'accountDoesNotExist'
  | 'badCSR'
  | 'badNonce'
  | 'badPublicKey'
  | 'badRevocationReason'
  | 'badSignatureAlgorithm'
  | 'malformed'
  | 'orderNotReady'
  | 'rejectedIdentifier'
  | 'serverInternal'
  | 'unauthorized'
  | 'unsupportedIdentifier'
  | 'externalAccountRequired'
  | 'invalidContact'
  | 'unsupportedContact'
  | 'rateLimited'
  | 'alreadyRevoked'
  | 'alreadyReplaced'
  | 'incorrectResponse';

export interface AcmeProblemDocument {
  type: string;
  detail: string;
  status: number;
  /** badSignatureAlgorithm: the algorithms the server accepts (RFC 8555 §6.2). */
  algorithms?: string[];
}

/** The status of a type when the refusal names none (400 otherwise). */
const DEFAULT_STATUS: Partial<Record<AcmeErrorType, number>> = {
  unauthorized: 403,
  alreadyReplaced: 409,
  rateLimited: 429,
  serverInternal: 500,
};

export class AcmeProblem extends Error {
  readonly status: number;
  readonly algorithms?: string[];
  /** Sent as the Location header: the account that holds a key already (409, RFC 8555 §7.3.5). */
  readonly location?: string;
  /** Sent as the Allow header: the methods a resource takes (405). */
  readonly allow?: string;
  constructor(
    readonly errorType: AcmeErrorType,
    detail: string,
    opts: { status?: number; algorithms?: string[]; location?: string; allow?: string } = {},
  ) {
    super(detail);
    this.name = 'AcmeProblem';
    this.status = opts.status ?? DEFAULT_STATUS[errorType] ?? 400;
    this.algorithms = opts.algorithms;
    this.location = opts.location;
    this.allow = opts.allow;
  }

  toDocument(): AcmeProblemDocument {
    return {
      type: `${ACME_ERROR_PREFIX}${this.errorType}`,
      detail: this.message,
      status: this.status,
      ...(this.algorithms ? { algorithms: this.algorithms } : {}),
    };
  }
}
