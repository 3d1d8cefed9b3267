// /sti-certificate/certificate: the private key dropdown (keys labelled with their id and creation time), then the
// chosen key's last certificates on the shared provider list (PortalList, see docs/web.md, Keys and certificates
// lists): 7 a page with a rows-per-page choice, sorted by any dated column, CSV export, with View, Renew and Revoke
// (in the row's menu) and the current one's "Renew automatically" switch, and Create New with its generate dialog.
// A failed key list or certificate list shows its message and a Retry in place of the rows; each action's dialog
// reads the list again once done. Every toast here is 3000 ms, top-center.
import { useState } from 'react';
import Box from '@mui/material/Box';
import { FunctionField } from 'react-admin';
import type { CertificateRow } from '../../../contract/api';
import { PAGE_SIZES } from '../../../contract/constants';
import { CertificateViewDialog, RenewCertificateDialog } from '../../components/certificates';
import { DateTimeField } from '../../components/fields';
import { ListLoadError } from '../../components/lists';
import { PortalList } from '../PortalList';
import { certificateExporter } from './certificateExporter';
import { CertificateKeySelect } from './CertificateKeySelect';
import { CertificateListActions } from './CertificateListActions';
import { CertificateRowActions } from './CertificateRowActions';
import { CertificateStatus } from './CertificateStatus';
import { CrUrlField } from './CrUrlField';
import { DisableAutoRenewalDialog } from './DisableAutoRenewalDialog';
import { EnableAutoRenewalDialog } from './EnableAutoRenewalDialog';
import { RevokeCertificateDialog } from './RevokeCertificateDialog';
import { useAutoRenewal } from './useAutoRenewal';
import { useCertificateList } from './useCertificateList';
import { useCertificateRevocation } from './useCertificateRevocation';

export const CERTIFICATES_PER_PAGE = PAGE_SIZES.certificates;

type PageData = ReturnType<typeof useCertificateList>;

function KeyPicker({ list }: { list: PageData }) {
  return (
    <Box sx={{ px: 2 }}>
      <CertificateKeySelect
        value={list.keyUuid}
        choices={list.choices}
        noKeys={list.noKeys}
        onChange={list.selectKey}
      />
    </Box>
  );
}

/** A failed key list, with the retry of the keys, in place of the rows. */
function keysFailure({ failure }: PageData) {
  if (!failure) return undefined;
  return <ListLoadError error={failure.error} onRetry={failure.retry} retrying={failure.retrying} />;
}

/** Revoke's question, and automatic renewal's: on asks for the STI-PA credentials, off asks first. */
function RowQuestionDialogs({
  revocation,
  autoRenewal,
}: {
  revocation: ReturnType<typeof useCertificateRevocation>;
  autoRenewal: ReturnType<typeof useAutoRenewal>;
}) {
  return (
    <>
      <RevokeCertificateDialog revocation={revocation} />
      <EnableAutoRenewalDialog
        serial={autoRenewal.enabling}
        onClose={autoRenewal.cancelEnable}
        onEnabled={autoRenewal.enabled}
      />
      <DisableAutoRenewalDialog autoRenewal={autoRenewal} />
    </>
  );
}

export function CertificateList() {
  const list = useCertificateList();
  const { keyUuid, choices, reloadCertificates } = list;
  const revocation = useCertificateRevocation(reloadCertificates);
  const autoRenewal = useAutoRenewal(reloadCertificates);
  const [viewUrl, setViewUrl] = useState<string | null>(null);
  const [toRenew, setToRenew] = useState<CertificateRow | null>(null);

  return (
    <>
      <PortalList
        resource="certificates"
        title="portal.pages.certificates"
        perPage={CERTIFICATES_PER_PAGE}
        filter={{ priv_key_uuid: keyUuid }}
        exporter={certificateExporter}
        actions={
          <CertificateListActions
            blocker={list.blocker}
            canCreate={list.canCreate}
            keys={choices}
            keyUuid={keyUuid}
            onGenerated={(uuid) => {
              list.selectKey(uuid);
              void reloadCertificates();
            }}
          />
        }
        before={<KeyPicker list={list} />}
        // the certificates are read once the keys are: without them there is no key to read them of
        queryOptions={{ enabled: list.keysRead }}
        inPlaceOfRows={keysFailure(list)}
        emptyText="portal.common.no_data_found"
        rowTestId="certificate-row"
      >
        <DateTimeField source="created_on" />
        <DateTimeField source="sti_cert_start_date" />
        <DateTimeField source="sti_cert_expire_date" />
        <CrUrlField source="cr_path" />
        <FunctionField<CertificateRow>
          source="status"
          sortable={false}
          render={(row) => <CertificateStatus row={row} />}
        />
        <FunctionField<CertificateRow>
          label="portal.certificates.actions"
          sortable={false}
          textAlign="right"
          render={(row) => (
            <CertificateRowActions
              row={row}
              onView={setViewUrl}
              onRenew={setToRenew}
              onRevoke={revocation.ask}
              onAutoRenew={autoRenewal.toggle}
            />
          )}
        />
      </PortalList>

      <CertificateViewDialog url={viewUrl} onClose={() => setViewUrl(null)} />
      <RenewCertificateDialog
        serial={toRenew?.serial_number ?? null}
        onClose={() => setToRenew(null)}
        onRenewed={() => {
          setToRenew(null);
          void reloadCertificates();
        }}
      />
      <RowQuestionDialogs revocation={revocation} autoRenewal={autoRenewal} />
    </>
  );
}

export default CertificateList;
