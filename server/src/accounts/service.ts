// The rules of accounts: sign-in outcomes, registration, emailed links, passwords, the provider profile,
// and the first admin. No HTTP in here: callers hand in validated input and get data or an HttpError back.
import { createHash, randomBytes } from 'node:crypto';
import type { LoginResponse, ServiceProviderProfile, SessionUser, TokenClaims } from '../../../contract/api';
import { isUuid } from '../../../contract/ids';
import { AGREEMENT, LIMITS, LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import { EMAIL_RE, ValidationFailure, type LoginInput, type Registration } from '../../../contract/schemas';
import type { AppContext } from '../context';
import { PG_ERRORS, pgConstraint, pgErrorCode, type Queryable } from '../db';
import { HttpError, badRequest, conflict } from '../http/errors';
import type { MailMessage } from '../integrations/mail/mailer';
import { confirmationMail, invitationMail, passwordResetMail } from '../integrations/mail/templates';
import {
  LINK_TTL_HOURS,
  hashLinkToken,
  isWellFormedLinkToken,
  linkExpiry,
  newLinkToken,
  type LinkPurpose,
} from './linkTokens';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './passwords';
import { inspectPng } from './signature';
import * as store from './store';

export type AccountDeps = Pick<AppContext, 'db' | 'config' | 'tokens' | 'mailer' | 'now' | 'log'> & {
  /**
   * The billing seam: for a past-due provider, the payment page of the new invoice it must pay, if there is one.
   * When it answers a URL the sign-in refuses with LOGIN_MESSAGES.pastDueNewInvoice and that url.
   */
  pastDueInvoiceUrl?: (serviceProviderId: string) => Promise<string | null>;
};

/** A promo code as resellers get them (the shape the resellers table enforces). */
const RESELLER_CODE_RE = /^[A-Za-z0-9_-]{6,64}$/;

/** Unique indexes of 001_accounts.sql and what a taken value means to the person registering. */
const TAKEN: Record<string, { field: 'email' | 'ocn'; message: string }> = {
  accounts_email_key: { field: 'email', message: MESSAGES.emailTaken },
  service_providers_ocn_key: { field: 'ocn', message: MESSAGES.ocnTaken },
};

const blankToNull = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null);
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export interface PasswordInput {
  token: string;
  password: string;
}

export function accountService(deps: AccountDeps) {
  const { db, config, log } = deps;

  /** Sends after the data is committed; a mail failure is logged and never undoes what was saved. */
  async function sendMail(message: MailMessage, about: Record<string, unknown>) {
    try {
      await deps.mailer.send(message);
    } catch (err) {
      log.error({ err, ...about, subject: message.subject }, 'could not send mail');
    }
  }

  async function issueLink(q: Queryable, accountId: string, purpose: LinkPurpose): Promise<string> {
    const now = deps.now();
    const { token, hash } = newLinkToken();
    await store.insertLinkToken(q, { hash, purpose, accountId, expiresOn: linkExpiry(purpose, now), now });
    return token;
  }

  /** The mail carrying a single-use link: confirmation, password reset or invitation. */
  async function sendLinkMail(
    purpose: LinkPurpose,
    account: { id: string; email: string; first_name: string; type?: string },
    token: string,
  ) {
    const input = {
      publicUrl: config.publicUrl,
      to: account.email,
      firstName: account.first_name,
      token,
      validHours: LINK_TTL_HOURS[purpose],
    };
    const message =
      purpose === 'invitation'
        ? invitationMail({ ...input, role: account.type === 'admin' ? 'admin' : 'reseller' })
        : purpose === 'password_reset'
          ? passwordResetMail(input)
          : confirmationMail(input);
    await sendMail(message, { accountId: account.id });
  }

  const invalidLink = () => badRequest(MESSAGES.invalidToken, { token: MESSAGES.invalidToken });

  /** SPEC.md §4: why a provider whose password is right may still not sign in, in the order the UI expects. */
  async function serviceProviderRefusal(a: store.LoginAccount): Promise<HttpError | null> {
    const uuid = a.service_provider_id as string;
    if (!a.is_confirmed) return new HttpError(403, LOGIN_MESSAGES.notConfirmed);
    const standing = await store.findSubscriptionStanding(db, uuid);
    if (!standing.subscriptions_count) {
      return new HttpError(403, LOGIN_MESSAGES.notActive, { service_provider_uuid: uuid });
    }
    if (standing.is_past_due) {
      const url = deps.pastDueInvoiceUrl ? await deps.pastDueInvoiceUrl(uuid) : null;
      return url
        ? new HttpError(402, LOGIN_MESSAGES.pastDueNewInvoice, { service_provider_uuid: uuid, url })
        : new HttpError(402, LOGIN_MESSAGES.pastDue, { service_provider_uuid: uuid });
    }
    if (!standing.is_active) {
      return new HttpError(403, LOGIN_MESSAGES.noActiveSubscription, { service_provider_uuid: uuid });
    }
    return null;
  }

  /** Validated new password from a single-use link; the link is spent only when the password is stored. */
  async function setPasswordFromLink(purpose: LinkPurpose, input: PasswordInput): Promise<void> {
    if (!isWellFormedLinkToken(input.token)) throw invalidLink();
    const hash = hashLinkToken(input.token);
    // Cheap check first, so a wrong link costs no password hashing.
    if (!(await store.isLinkTokenOpen(db, hash, purpose, deps.now()))) throw invalidLink();
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const now = deps.now();
      const accountId = await store.consumeLinkToken(tx, hash, purpose, now);
      if (!accountId) throw invalidLink();
      await store.setPasswordAndConfirm(tx, accountId, passwordHash, now);
      // Whoever asked for the other links of this kind, this password now decides.
      await store.burnOpenLinkTokens(tx, accountId, purpose, now);
    });
  }

  return {
    async login(input: LoginInput): Promise<LoginResponse> {
      const email = input.email.trim().toLowerCase();
      const account = await store.findLoginAccount(db, email);
      if (!account || (account.type === 'service-provider' && !account.service_provider_id)) {
        await verifyNothing(input.password);
        throw new HttpError(404, LOGIN_MESSAGES.notFound, { errors: { email: LOGIN_MESSAGES.notFound } });
      }
      const passwordOk = account.password_hash
        ? await verifyPassword(account.password_hash, input.password)
        : await verifyNothing(input.password);
      if (!passwordOk) {
        throw new HttpError(401, LOGIN_MESSAGES.wrongPassword, {
          errors: { password: LOGIN_MESSAGES.wrongPassword },
        });
      }
      if (account.is_disabled || account.reseller_is_active === false) {
        throw new HttpError(403, MESSAGES.accountDisabled);
      }
      if (account.type === 'service-provider') {
        const refusal = await serviceProviderRefusal(account);
        if (refusal) throw refusal;
      }
      if (account.password_hash && needsRehash(account.password_hash)) {
        await store.updatePasswordHash(db, account.id, await hashPassword(input.password), deps.now());
      }

      const isProvider = account.type === 'service-provider';
      const user: SessionUser = {
        id: account.id,
        type: account.type,
        email: account.email,
        first_name: account.first_name,
        last_name: account.last_name,
        company_name: (isProvider ? account.sp_company_name : account.reseller_company_name) ?? undefined,
        service_provider_uuid: isProvider ? (account.service_provider_id ?? undefined) : undefined,
      };
      const { id, ...identity } = user;
      const claims: Omit<TokenClaims, 'exp' | 'iat'> = {
        sub: id,
        ...identity,
        reseller_id: account.type === 'reseller' ? (account.reseller_id ?? undefined) : undefined,
      };
      const token = await deps.tokens.sign(claims, input.remember ? config.rememberMeTtl : config.sessionTtl);
      return { token, user };
    },

    /** A new provider: account, company, signed agreement and confirmation link in one transaction. */
    async register(
      input: Registration,
      signature: Buffer,
      ip: string,
    ): Promise<{ service_provider_uuid: string }> {
      if (!inspectPng(signature)) {
        throw new ValidationFailure(MESSAGES.signatureNotPng, { sign_file: MESSAGES.signatureNotPng });
      }
      const email = input.email.trim().toLowerCase();
      const ocn = input.ocn.trim().toUpperCase();

      let resellerId: string | null = null;
      const code = blankToNull(input.reseller_url_token);
      if (code) {
        resellerId =
          (RESELLER_CODE_RE.test(code) && (await store.findActiveResellerByCode(db, code))) || null;
        if (!resellerId) {
          throw new ValidationFailure(MESSAGES.resellerCodeInvalid, {
            reseller_url_token: MESSAGES.resellerCodeInvalid,
          });
        }
      }

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
          const token = await issueLink(tx, accountId, 'email_confirmation');
          return { accountId, serviceProviderId, token };
        });
      } catch (e) {
        const taken = pgErrorCode(e) === PG_ERRORS.uniqueViolation ? TAKEN[pgConstraint(e) ?? ''] : undefined;
        if (taken) throw conflict(taken.message, { [taken.field]: taken.message });
        throw e;
      }

      await sendLinkMail(
        'email_confirmation',
        { id: created.accountId, email, first_name: input.first_name },
        created.token,
      );
      return { service_provider_uuid: created.serviceProviderId };
    },

    async checkAvailability(query: { email?: string; ocn?: string }) {
      const email = blankToNull(query.email)?.toLowerCase();
      const ocn = blankToNull(query.ocn)?.toUpperCase();
      if (!email && !ocn) return { isOcnExists: false, isEmailExists: false };
      const taken = await store.takenIdentifiers(db, email, ocn);
      return { isOcnExists: taken.ocnTaken, isEmailExists: taken.emailTaken };
    },

    /** Same answer whether or not the address has an unconfirmed account: this route tells nobody who is registered. */
    async resendConfirmation(input: { email: string }) {
      const account = await store.findAccountByEmail(db, input.email.trim().toLowerCase());
      if (account && account.type === 'service-provider' && !account.is_confirmed && !account.is_disabled) {
        await sendLinkMail(
          'email_confirmation',
          account,
          await issueLink(db, account.id, 'email_confirmation'),
        );
      }
      return { message: MESSAGES.checkEmail };
    },

    async confirmEmail(token: string) {
      if (!isWellFormedLinkToken(token)) throw invalidLink();
      await db.transaction(async (tx) => {
        const now = deps.now();
        const accountId = await store.consumeLinkToken(tx, hashLinkToken(token), 'email_confirmation', now);
        if (!accountId) throw invalidLink();
        await store.confirmAccount(tx, accountId, now);
        // the other confirmation mails of this account have served their purpose
        await store.burnOpenLinkTokens(tx, accountId, 'email_confirmation', now);
      });
      return { message: MESSAGES.emailConfirmed };
    },

    /** API.md: an unknown address is told so (404 'Input correct email'), as SPEC.md §8 shows it. */
    async requestPasswordReset(input: { email: string }) {
      const account = await store.findAccountByEmail(db, input.email.trim().toLowerCase());
      if (!account) {
        throw new HttpError(404, MESSAGES.inputCorrectEmail, {
          errors: { email: MESSAGES.inputCorrectEmail },
        });
      }
      await sendLinkMail('password_reset', account, await issueLink(db, account.id, 'password_reset'));
      return { message: MESSAGES.checkEmail };
    },

    async resetPassword(input: PasswordInput) {
      await setPasswordFromLink('password_reset', input);
      return { message: MESSAGES.passwordChanged };
    },

    /** A reseller or an invited admin chooses a password from the invitation link. */
    async acceptInvitation(input: PasswordInput) {
      await setPasswordFromLink('invitation', input);
      return { message: MESSAGES.passwordSet };
    },

    async checkResellerCode(code: string) {
      const isValid = RESELLER_CODE_RE.test(code) && Boolean(await store.findActiveResellerByCode(db, code));
      return { isValid };
    },

    /** Sends an invitation link to an account created without a password (resellers, further admins). */
    async inviteAccount(accountId: string): Promise<void> {
      const account = isUuid(accountId) ? await store.findAccountById(db, accountId) : undefined;
      if (!account || account.type === 'service-provider') throw new HttpError(404, 'Account not found');
      await sendLinkMail('invitation', account, await issueLink(db, account.id, 'invitation'));
    },

    /** The signed-in provider's own profile; the token decides which one, never the request. */
    async getProfile(actor: TokenClaims): Promise<ServiceProviderProfile> {
      const uuid = actor.service_provider_uuid;
      const row = isUuid(uuid) ? await store.findServiceProviderProfile(db, uuid, actor.sub) : undefined;
      if (!row) throw new HttpError(404, LOGIN_MESSAGES.notFound);
      return {
        ...row,
        type: 'service-provider',
        subscription_started_on: iso(row.subscription_started_on),
        subscription_expired_on: iso(row.subscription_expired_on),
        created_on: iso(row.created_on) as string,
      };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;

export interface AdminBootstrapResult {
  created: boolean;
  /** Only when ADMIN_PASSWORD was not set and the account was created now. */
  generatedPassword?: string;
}

/**
 * First start: when there is no admin yet, create one (confirmed) from ADMIN_EMAIL and ADMIN_PASSWORD, or with a
 * generated password that is logged once. Safe to run at every start and from several processes at once.
 */
export async function ensureAdminAccount(
  deps: Pick<AppContext, 'db' | 'config' | 'log'>,
): Promise<AdminBootstrapResult> {
  const { db, config, log } = deps;
  if (await store.adminExists(db)) return { created: false };

  const email = config.adminEmail.trim().toLowerCase();
  if (email.length > LIMITS.emailMax || !EMAIL_RE.test(email)) {
    throw new Error(`ADMIN_EMAIL "${config.adminEmail}" is not a valid email address`);
  }
  const generatedPassword = config.adminPassword ? undefined : randomBytes(18).toString('base64url');
  const password = config.adminPassword ?? (generatedPassword as string);
  if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) {
    throw new Error(`ADMIN_PASSWORD must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters long`);
  }
  const passwordHash = await hashPassword(password);

  const id = await db.transaction(async (tx) => {
    await store.lockAdminBootstrap(tx);
    if (await store.adminExists(tx)) return undefined;
    const created = await store.insertAccountUnlessTaken(tx, {
      type: 'admin',
      email,
      passwordHash,
      firstName: 'Administrator',
      lastName: '',
      confirmedOn: new Date(),
    });
    if (!created)
      throw new Error(`ADMIN_EMAIL ${email} already belongs to another account; choose another address`);
    return created;
  });
  if (!id) return { created: false };

  if (generatedPassword) {
    log.warn(
      `Created the admin account ${email} with the generated password ${generatedPassword} ` +
        '(shown only this once). Keep it safe, or replace it with "Forgot password?" on the sign-in page.',
    );
    return { created: true, generatedPassword };
  }
  log.info({ email }, 'created the admin account from ADMIN_EMAIL and ADMIN_PASSWORD');
  return { created: true };
}
