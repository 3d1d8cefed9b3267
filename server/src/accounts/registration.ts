// Registration: a new provider with its signed agreement, and the availability checks of the form.
import { createHash } from 'node:crypto';
import { AGREEMENT, MESSAGES } from '../../../contract/constants';
import { RESELLER_CODE_RE, normalizePromoCode, type PromoCodeCheck } from '../../../contract/resellers';
import { ValidationFailure, type Registration } from '../../../contract/schemas';
import { PG_ERRORS, pgConstraint, pgErrorCode } from '../db/errors';
import { conflict } from '../http/errors';
import { findPromoCodeOwner } from '../resellers/store';
import { blankToNull, issueLink, sendLinkMail, type AccountDeps } from './deps';
import { hashPassword } from './passwords';
import { inspectPng } from './signature';
import * as store from './store';

/** Unique indexes of 001_accounts.sql and what a taken value means to the person registering. */
const TAKEN: Record<string, { field: 'email' | 'ocn'; message: string }> = {
  accounts_email_key: { field: 'email', message: MESSAGES.emailTaken },
  service_providers_ocn_key: { field: 'ocn', message: MESSAGES.ocnTaken },
};

/**
 * The active reseller a promo code names, as typed or linked: a short code in any case, with spaces or hyphens;
 * an older code exactly (normalizePromoCode). Only codes of the table's shape reach the query.
 */
async function promoCodeOwner(deps: AccountDeps, raw: string) {
  const code = normalizePromoCode(raw);
  return RESELLER_CODE_RE.test(code) ? findPromoCodeOwner(deps.db, code) : undefined;
}

/** The reseller whose promo code the form carries, if any; a code that names no active reseller is refused. */
async function resellerOfCode(deps: AccountDeps, raw: string | undefined): Promise<string | null> {
  const code = blankToNull(raw);
  if (!code) return null;
  const resellerId = (await promoCodeOwner(deps, code))?.id;
  if (!resellerId) {
    throw new ValidationFailure(MESSAGES.resellerCodeInvalid, {
      reseller_url_token: MESSAGES.resellerCodeInvalid,
    });
  }
  return resellerId;
}

/** A new provider: account, company, signed agreement and confirmation link in one transaction. */
export async function register(
  deps: AccountDeps,
  input: Registration,
  signature: Buffer,
  ip: string,
): Promise<{ service_provider_uuid: string }> {
  const { db } = deps;
  if (!inspectPng(signature)) {
    throw new ValidationFailure(MESSAGES.signatureNotPng, { sign_file: MESSAGES.signatureNotPng });
  }
  const email = input.email.trim().toLowerCase();
  const ocn = input.ocn.trim().toUpperCase();

  const resellerId = await resellerOfCode(deps, input.reseller_url_token);

  // Answer the common case before spending a password hash; the unique indexes settle the races.
  const taken = await store.takenIdentifiers(db, email, ocn);
  if (taken.ocnTaken || taken.emailTaken) {
    const errors: Record<string, string> = {};
    if (taken.ocnTaken) errors.ocn = MESSAGES.ocnTaken;
    if (taken.emailTaken) errors.email = MESSAGES.emailTaken;
    throw conflict(Object.values(errors)[0], errors);
  }

  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  let created: { accountId: string; serviceProviderId: string; token: string };
  try {
    created = await db.transaction(async (tx) => {
      const accountId = await store.insertAccount(tx, {
        type: 'service-provider',
        email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        confirmedOn: null,
      });
      const serviceProviderId = await store.insertServiceProvider(tx, {
        accountId,
        ocn,
        companyName: input.company_name,
        phoneNumber: input.phone_number,
        title: input.title,
        address: input.address,
        country: input.country,
        state: input.state,
        city: input.city,
        zipcode: input.zipcode,
        filerId: blankToNull(input.filer_id),
        frnNumber: blankToNull(input.frn_number),
        resellerId,
      });
      await store.insertAgreement(tx, {
        serviceProviderId,
        version: AGREEMENT.version,
        printedName: input.printed_name,
        phoneNumber: input.phone_number,
        title: input.title,
        companyName: input.company_name,
        signaturePng: signature,
        signatureSha256: createHash('sha256').update(signature).digest('hex'),
        acceptedOn: now,
        acceptedIp: ip.slice(0, 64),
      });
      const token = await issueLink(deps, tx, accountId, 'email_confirmation');
      return { accountId, serviceProviderId, token };
    });
  } catch (e) {
    const taken = pgErrorCode(e) === PG_ERRORS.uniqueViolation ? TAKEN[pgConstraint(e) ?? ''] : undefined;
    if (taken) throw conflict(taken.message, { [taken.field]: taken.message });
    throw e;
  }

  await sendLinkMail(
    deps,
    'email_confirmation',
    { id: created.accountId, email, first_name: input.first_name },
    created.token,
  );
  return { service_provider_uuid: created.serviceProviderId };
}

export async function checkAvailability(deps: AccountDeps, query: { email?: string; ocn?: string }) {
  const { db } = deps;
  const email = blankToNull(query.email)?.toLowerCase();
  const ocn = blankToNull(query.ocn)?.toUpperCase();
  if (!email && !ocn) return { isOcnExists: false, isEmailExists: false };
  const taken = await store.takenIdentifiers(db, email, ocn);
  return { isOcnExists: taken.ocnTaken, isEmailExists: taken.emailTaken };
}

/** The public check of a code: whether it is valid and, only then, the company of its reseller (nothing else). */
export async function checkResellerCode(deps: AccountDeps, code: string): Promise<PromoCodeCheck> {
  const owner = await promoCodeOwner(deps, code);
  return owner ? { isValid: true, company_name: owner.company_name } : { isValid: false };
}
