// A throwaway SoftHSM2 token for the PKCS#11 tests (Debian's softhsm2 package; .ci/run installs it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SOFTHSM = '/usr/lib/softhsm/libsofthsm2.so';
export const hasSoftHsm = fs.existsSync(SOFTHSM);
export const SOFTHSM_PIN = '1234';
/** The key-store settings (PKCS11_MODULE, PKCS11_PIN, no PKCS11_SLOT) for the token of initSoftHsmToken. */
export const softHsmKeyStoreConfig = () => ({
  keyEncryptionKey: undefined,
  pkcs11Module: SOFTHSM,
  pkcs11Pin: SOFTHSM_PIN,
  pkcs11Slot: undefined,
});
export const softHsmMissing = `skipped because ${SOFTHSM} is not installed (apt package softhsm2)`;

export interface SoftHsmToken {
  dir: string;
  label: string;
  slotId: number;
  remove(): void;
}

/**
 * A new token in a directory of its own, made this process's SoftHSM configuration. SoftHSM reads
 * SOFTHSM2_CONF when the library is initialized, so call this before any key store opens the module.
 */
export function initSoftHsmToken(label = 'test'): SoftHsmToken {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'softhsm-'));
  fs.mkdirSync(path.join(dir, 'tokens'));
  const conf = path.join(dir, 'softhsm2.conf');
  fs.writeFileSync(
    conf,
    `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
  );
  process.env.SOFTHSM2_CONF = conf;
  const out = execFileSync(
    'softhsm2-util',
    ['--init-token', '--free', '--label', label, '--pin', SOFTHSM_PIN, '--so-pin', '5678'],
    { env: { ...process.env, SOFTHSM2_CONF: conf }, encoding: 'utf8' },
  );
  // "The token has been initialized and is reassigned to slot 1055141977"
  const slotId = Number(/slot (\d+)/.exec(out)?.[1]);
  return {
    dir,
    label,
    slotId,
    remove() {
      delete process.env.SOFTHSM2_CONF;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
