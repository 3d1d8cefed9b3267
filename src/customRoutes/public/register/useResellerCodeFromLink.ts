// A reseller's sign-up link carries its promo code as ?rc= (SPEC.md §4): kept for the session when it is valid.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePublicDataProvider } from '../usePublicDataProvider';
import { clearResellerCode, readResellerCode, storeResellerCode } from '../../../authProvider/resellerCode';

/** The reseller code kept for the session, once the link's code was checked. */
export function useResellerCodeFromLink(): string | null {
  const dataProvider = usePublicDataProvider();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('rc')?.trim() ?? '';
  const [stored, setStored] = useState<string | null>(() => readResellerCode());

  useEffect(() => {
    if (!code) return;
    let active = true;
    dataProvider
      .validateResellerCode(code)
      .then(({ isValid }) => {
        if (isValid) storeResellerCode(code);
        else clearResellerCode();
      })
      .catch((error) => console.error(error))
      .finally(() => {
        if (active) setStored(readResellerCode());
      });
    return () => {
      active = false;
    };
  }, [code, dataProvider]);

  return stored;
}
