// The certificate list's actions, in its toolbar: Create New (and its generate dialog) and the CSV export. While
// Create New is disabled for a reason (no keys, or the profile may not create certificates), the reason is its
// tooltip and the caption under it. The dialog is titled 'first' when the chosen key has no certificate yet.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ExportButton, useListContext, useTranslate } from 'react-admin';
import { GenerateCertificateDialog } from '../../components/certificates';
import type { SelectChoice } from '../../components/inputs';

export interface CertificateListActionsProps {
  /** Why Create New is disabled, a key under portal.certificates.blocked; null when it is not. */
  blocker: string | null;
  canCreate: boolean;
  keys: readonly SelectChoice[];
  keyUuid: string;
  /** After a certificate was made for this key: the list shows that key's certificates, read again. */
  onGenerated: (keyUuid: string) => void;
}

export function CertificateListActions({
  blocker,
  canCreate,
  keys,
  keyUuid,
  onGenerated,
}: CertificateListActionsProps) {
  const translate = useTranslate();
  const helperId = useId();
  const { total } = useListContext();
  const [open, setOpen] = useState(false);
  const createButton = (
    <Button
      variant="contained"
      onClick={() => setOpen(true)}
      disabled={!canCreate}
      aria-describedby={blocker ? helperId : undefined}
    >
      {translate('portal.certificates.create_new')}
    </Button>
  );

  return (
    <>
      <ExportButton />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', maxWidth: 420 }}>
        {blocker ? (
          <Tooltip title={translate(`portal.certificates.blocked.${blocker}`)} enterDelay={0} leaveDelay={0}>
            {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
            <span>{createButton}</span>
          </Tooltip>
        ) : (
          createButton
        )}
        {blocker ? (
          <Typography
            id={helperId}
            variant="caption"
            color="text.secondary"
            sx={{ mt: 0.5, textAlign: 'right' }}
          >
            {translate(`portal.certificates.blocked.${blocker}`)}
          </Typography>
        ) : null}
      </Box>
      <GenerateCertificateDialog
        open={open}
        first={!total}
        keys={keys}
        defaultKey={keyUuid}
        onClose={() => setOpen(false)}
        onGenerated={(uuid) => {
          setOpen(false);
          onGenerated(uuid);
        }}
      />
    </>
  );
}
