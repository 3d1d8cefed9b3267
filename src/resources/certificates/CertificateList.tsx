// /sti-certificate/certificate (SPEC.md §2, §4, §8): a private key dropdown (up to 9999 keys, labelled with
// the key id and its creation time), the key's last certificates with View, Renew and Revoke (and the current
// one's "Renew automatically" switch), and the generate modal. Create New is disabled with no keys or when the profile may not create certificates.
// A failed key or certificate list shows its message and a Retry in place of the rows (issue 14, over SPEC.md §8's
// empty list); every toast here is 3000 ms, top-center.
import { useId, useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import { Title, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/lists';
import type { CertificateRow } from '../../../contract/api';
import {
  CertificateViewDialog,
  GenerateCertificateDialog,
  RenewCertificateDialog,
} from '../../components/certificates';
import { CertificateKeySelect } from './CertificateKeySelect';
import { CertificateListActions } from './CertificateListActions';
import { CertificateTable } from './CertificateTable';
import { DisableAutoRenewalDialog } from './DisableAutoRenewalDialog';
import { EnableAutoRenewalDialog } from './EnableAutoRenewalDialog';
import { RevokeCertificateDialog } from './RevokeCertificateDialog';
import { useAutoRenewal } from './useAutoRenewal';
import { useCertificateList } from './useCertificateList';
import { useCertificateRevocation } from './useCertificateRevocation';

export function CertificateList() {
  const translate = useTranslate();
  const titleId = useId();
  const list = useCertificateList();
  const { keyUuid, choices, certificates, reloadCertificates } = list;
  const revocation = useCertificateRevocation(reloadCertificates);
  const autoRenewal = useAutoRenewal(reloadCertificates);
  const [viewUrl, setViewUrl] = useState<string | null>(null);
  const [toRenew, setToRenew] = useState<CertificateRow | null>(null);
  const [generateOpen, setGenerateOpen] = useState(false);

  const title = translate('portal.pages.certificates');
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby={titleId}>
      <Title title={title} />
      <CardContent>
        <CertificateListActions
          title={title}
          titleId={titleId}
          blocker={list.blocker}
          canCreate={list.canCreate}
          onCreate={() => setGenerateOpen(true)}
        />
        <CertificateKeySelect
          value={keyUuid}
          choices={choices}
          noKeys={list.noKeys}
          onChange={list.selectKey}
        />
        {list.loading ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
        {list.failure ? (
          <ListLoadError
            error={list.failure.error}
            onRetry={list.failure.retry}
            retrying={list.failure.retrying}
          />
        ) : (
          <CertificateTable
            titleId={titleId}
            certificates={certificates}
            empty={list.empty}
            onView={setViewUrl}
            onRenew={setToRenew}
            onRevoke={revocation.ask}
            onAutoRenew={autoRenewal.toggle}
          />
        )}
      </CardContent>

      <CertificateViewDialog url={viewUrl} onClose={() => setViewUrl(null)} />
      <RenewCertificateDialog
        serial={toRenew?.serial_number ?? null}
        onClose={() => setToRenew(null)}
        onRenewed={() => {
          setToRenew(null);
          void reloadCertificates();
        }}
      />
      <RevokeCertificateDialog revocation={revocation} />
      <EnableAutoRenewalDialog
        serial={autoRenewal.enabling}
        onClose={autoRenewal.cancelEnable}
        onEnabled={autoRenewal.enabled}
      />
      <DisableAutoRenewalDialog autoRenewal={autoRenewal} />
      <GenerateCertificateDialog
        open={generateOpen}
        first={certificates.length === 0}
        keys={choices}
        defaultKey={keyUuid}
        onClose={() => setGenerateOpen(false)}
        onGenerated={(uuid) => {
          setGenerateOpen(false);
          list.selectKey(uuid);
          void reloadCertificates();
        }}
      />
    </Card>
  );
}

export default CertificateList;
