// A reseller's sign-up link carries its promo code as ?rc= (SPEC.md §4): kept for the session when it is valid, in
// its stored form (normalizePromoCode: `abcd-efgh` is kept as `ABCDEFGH`). The code of the link, or else the one
// kept from an earlier page, is checked with the server, whose answer names the reseller's company.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { normalizePromoCode } from '../../../../contract/resellers';
import { usePublicDataProvider } from '../usePublicDataProvider';
import { clearResellerCode, readResellerCode, storeResellerCode } from '../../../authProvider/resellerCode';

/** The code the registration will send, and the company of its reseller once the server named it. */
export interface AppliedPromoCode {
  code: string;
  company: string | null;
}

const kept = (company: string | null = null): AppliedPromoCode | null => {
  const code = readResellerCode();
  return code ? { code, company } : null;
};

/** The reseller code kept for the session, once the link's (or the kept) code was checked. */
export function useResellerCodeFromLink(): AppliedPromoCode | null {
  const dataProvider = usePublicDataProvider();
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('rc')?.trim() ?? '';
  const [applied, setApplied] = useState<AppliedPromoCode | null>(() => kept());

  useEffect(() => {
    const code = linked || readResellerCode();
    if (!code) return;
    let active = true;
    dataProvider
      .validateResellerCode(code)
      .then(({ isValid, company_name }) => {
        if (isValid) storeResellerCode(normalizePromoCode(code));
        else clearResellerCode();
        if (active) setApplied(kept(isValid ? (company_name ?? null) : null));
      })
      .catch((error) => {
        console.error(error);
        if (active) setApplied(kept());
      });
    return () => {
      active = false;
    };
  }, [linked, dataProvider]);

  return applied;
}
