// The certificate of a CR URL in PEM, for View's Copy and Download buttons: the chain is read once per
// opening (GET /cr/<serial>.pem), the leaf is its first block, and the files are named by the serial.
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { certificateFileNames } from '../../../contract/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';
import { saveFile } from './saveFile';
import { useCertificateNotify } from './useCertificateNotify';

const PEM_TYPE = 'application/x-pem-file';
const CHAIN_TYPE = 'application/pem-certificate-chain';

export function useCertificatePem(url: string | null) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { toast } = useCertificateNotify();
  const {
    data: chain,
    error,
    isPending,
  } = useQuery({
    queryKey: ['portal', 'certificate-chain', url],
    retry: false,
    queryFn: () => dataProvider.getCertificateChain(url as string),
    enabled: Boolean(url),
  });
  const leaf = chain ? `${chain[0]}\n` : null;

  const copy = useCallback(async () => {
    if (!leaf) return;
    try {
      if (!navigator.clipboard?.writeText)
        throw new Error(translate('portal.certificates.clipboard_unavailable'));
      await navigator.clipboard.writeText(leaf);
      toast('portal.common.copied', 'success', { _: translate('portal.common.copied') });
    } catch (e) {
      toast(e instanceof Error && e.message ? e.message : String(e), 'error');
    }
  }, [leaf, toast, translate]);

  const download = useCallback(
    (which: 'leaf' | 'chain') => {
      if (!url || !chain) return;
      const names = certificateFileNames(url);
      if (which === 'leaf') saveFile(new Blob([`${chain[0]}\n`], { type: PEM_TYPE }), names.leaf);
      else saveFile(new Blob([`${chain.join('\n')}\n`], { type: CHAIN_TYPE }), names.chain);
    },
    [url, chain],
  );

  return { ready: Boolean(chain), loading: Boolean(url) && isPending, error, copy, download };
}
