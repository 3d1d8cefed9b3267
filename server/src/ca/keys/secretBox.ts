// Secrets other than private keys that the server must read back (ACME's EAB HMAC keys): sealed as private keys
// are, AES-256-GCM under the key-encryption key, each bound to its row by the AAD.
import { openPrivateKey, sealPrivateKey } from './kek';

export interface SecretBox {
  seal(plain: Uint8Array, aad: string): Buffer;
  /** The plain bytes; throws when the blob was not sealed under this KEK for this AAD. */
  open(sealed: Uint8Array, aad: string): Buffer;
}

export function createSecretBox(kek: Uint8Array): SecretBox {
  const key = Buffer.from(kek);
  return {
    seal: (plain, aad) => sealPrivateKey(key, plain, aad),
    open: (sealed, aad) => openPrivateKey(key, sealed, aad),
  };
}
