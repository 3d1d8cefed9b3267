// A reseller's sign-up link carries its promo code as ?rc= (docs/screens.md, Registration): kept for the
// session when it is valid, in its stored form (normalizePromoCode: `abcd-efgh` is kept as `ABCDEFGH`). The
// code of the link, or else the one kept from an earlier page, is checked with the server, whose answer names
// the reseller's company.
import { useCallback, useEffect, useState } from 'react';
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

export interface PromoCodeState {
  applied: AppliedPromoCode | null;
  /** Checks a code typed by hand and keeps it when valid; false when the server says it is not. */
  apply: (code: string) => Promise<boolean>;
  /** Registers without a code. */
  remove: () => void;
}

/** The reseller code kept for the session, once the link's (or the kept, or a typed) code was checked. */
export function useResellerCodeFromLink(): PromoCodeState {
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

  const apply = useCallback(
    async (code: string) => {
      const { isValid, company_name } = await dataProvider.validateResellerCode(code.trim());
      if (!isValid) return false;
      storeResellerCode(normalizePromoCode(code));
      setApplied(kept(company_name ?? null));
      return true;
    },
    [dataProvider],
  );
  const remove = useCallback(() => {
    clearResellerCode();
    setApplied(null);
  }, []);

  return { applied, apply, remove };
}
