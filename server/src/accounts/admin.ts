// First start: the admin account from ADMIN_EMAIL and ADMIN_PASSWORD.
import { randomBytes } from 'node:crypto';
import { LIMITS } from '../../../contract/constants';
import { EMAIL_RE } from '../../../contract/schemas';
import type { AccountDeps } from './deps';
import { hashPassword } from './passwords';
import * as store from './store';

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
  deps: Pick<AccountDeps, 'db' | 'config' | 'log'>,
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
