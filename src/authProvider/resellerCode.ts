// The reseller promo code (query `rc` of a sign-up link) is kept for the browser session under its own key,
// so it survives the steps of the registration wizard and is sent once with the registration.

export const RESELLER_CODE_KEY = 'reseller_url_token';
export const RESELLER_CODE_QUERY = 'rc';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function storeResellerCode(code: string): void {
  const trimmed = code.trim();
  if (trimmed) storage()?.setItem(RESELLER_CODE_KEY, trimmed);
}

export function readResellerCode(): string | null {
  return storage()?.getItem(RESELLER_CODE_KEY) || null;
}

export function clearResellerCode(): void {
  storage()?.removeItem(RESELLER_CODE_KEY);
}

/** Keeps the code of a URL's `rc` query parameter, if there is one. Returns the code kept. */
export function captureResellerCode(search: string): string | null {
  const code = new URLSearchParams(search).get(RESELLER_CODE_QUERY);
  if (!code || !code.trim()) return null;
  storeResellerCode(code);
  return code.trim();
}

/**
 * The stored code if the server still accepts it; an invalid code is removed.
 * A failed check (network, server) keeps the code and answers null, so the registration goes on without it.
 */
export async function validStoredResellerCode(
  validate: (code: string) => Promise<{ isValid: boolean }>,
): Promise<string | null> {
  const code = readResellerCode();
  if (!code) return null;
  try {
    const { isValid } = await validate(code);
    if (!isValid) {
      clearResellerCode();
      return null;
    }
    return code;
  } catch {
    return null;
  }
}
