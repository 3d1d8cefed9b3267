// Key storage for provider keys and CA keys: software (sealed under the KEK) by default, PKCS#11 when
// PKCS11_MODULE is set. Config comes in as parameters; nothing here reads the environment.
import type { Config } from '../../config';
import { type KeyStoreLog, loadKeyEncryptionKey } from './kek';
import type { KeyStore } from './keyStore';
import { SoftwareKeyStore } from './softwareStore';

export * from './keyStore';
export {
  KEK_FILE,
  KeyEncryptionError,
  type KeyStoreLog,
  loadKeyEncryptionKey,
  openPrivateKey,
  parseKeyEncryptionKey,
  sealPrivateKey,
} from './kek';
export { SoftwareKeyStore } from './softwareStore';
export { type SecretBox, createSecretBox } from './secretBox';
export type { Pkcs11KeyStore, Pkcs11Options } from './pkcs11Store';

export type KeyStoreConfig = Pick<Config, 'keyEncryptionKey' | 'pkcs11Module' | 'pkcs11Pin' | 'pkcs11Slot'>;

export async function createKeyStore(
  config: KeyStoreConfig,
  { dataDir, log }: { dataDir: string; log: KeyStoreLog },
): Promise<KeyStore> {
  if (config.pkcs11Module) {
    // Loaded only when asked for: the native PKCS#11 binding is not needed by the software store.
    const { Pkcs11KeyStore } = await import('./pkcs11Store');
    return Pkcs11KeyStore.open({
      module: config.pkcs11Module,
      pin: config.pkcs11Pin ?? '',
      slot: config.pkcs11Slot,
      log,
    });
  }
  return new SoftwareKeyStore(loadKeyEncryptionKey({ configured: config.keyEncryptionKey, dataDir, log }));
}
