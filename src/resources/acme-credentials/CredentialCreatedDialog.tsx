// The credential just created: its key id and HMAC key with Copy buttons, and the warning that the HMAC key is not
// shown again (the server keeps it sealed and never answers it). A customer's credential also says whose it is and
// for how many numbers, and gives the directory URL, everything the customer's ACME client is configured with. A
// click beside the dialog does not close it, so that the key is not lost by accident: Close (or Escape) does.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import type { AcmeCredentialCreated } from '../../../contract/acme';
import { countText } from '../../../contract/format';
import { useSettings } from '../../settings';
import { acmeDirectoryUrlOf } from './AcmeDirectory';
import { CopyField } from './CopyField';

export interface CredentialCreatedDialogProps {
  open: boolean;
  /** Kept while the dialog fades out after Close. */
  credential: AcmeCredentialCreated | null;
  onClose: () => void;
  /** The dialog is gone: the key can be forgotten. */
  onExited: () => void;
}

export function CredentialCreatedDialog({
  open,
  credential,
  onClose,
  onExited,
}: CredentialCreatedDialogProps) {
  const translate = useTranslate();
  const directoryUrl = acmeDirectoryUrlOf(useSettings());
  const customer = credential?.customer_name;
  return (
    <ShownOnceDialog
      open={open && Boolean(credential)}
      onClose={onClose}
      onExited={onExited}
      title={
        customer
          ? translate('portal.acme.customer_created_title', { customer })
          : translate('portal.acme.created_title')
      }
      intro={
        customer && credential?.number_count !== undefined ? (
          <Typography variant="body2">
            {translate('portal.acme.customer_scope', {
              smart_count: credential.number_count,
              count: countText(credential.number_count),
              customer,
            })}
          </Typography>
        ) : null
      }
      warning={translate('portal.acme.created_warning')}
    >
      {credential ? (
        <>
          <CopyField
            label="resources.acme-credentials.fields.key_id"
            value={credential.key_id}
            copyLabel="portal.acme.copy_key_id"
          />
          <CopyField
            label="portal.acme.hmac_key"
            value={credential.hmac_key}
            copyLabel="portal.acme.copy_hmac_key"
          />
          {customer ? (
            <CopyField
              label="portal.acme.directory_url"
              value={directoryUrl}
              copyLabel="portal.acme.copy_directory_url"
            />
          ) : null}
        </>
      ) : null}
    </ShownOnceDialog>
  );
}
