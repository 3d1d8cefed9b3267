// The invoice file needs the bearer token, so a plain link cannot open it: it is fetched as a Blob and
// shown from an object URL in a new tab (docs/screens.md, Invoice listing).
import { useCallback, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../dataProvider/types';
import { notifyFailure } from './errors';

/** How long the object URL outlives the new tab's load. */
const REVOKE_AFTER_MS = 60_000;

export function useInvoiceDownload() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);

  const download = useCallback(
    async (path: string) => {
      // open the tab inside the click, before the await, or the browser's popup blocker closes it
      const tab = window.open('', '_blank');
      setDownloading(true);
      try {
        const blob = await dataProvider.getFile(path);
        const url = URL.createObjectURL(blob);
        if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
      } catch (error) {
        tab?.close();
        notifyFailure(notify, error);
      } finally {
        setDownloading(false);
      }
    },
    [dataProvider, notify],
  );

  return { download, downloading };
}
