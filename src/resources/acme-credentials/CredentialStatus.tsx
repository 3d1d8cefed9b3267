// A credential's status as a chip: Unused, Bound (with the account's status: active, deactivated) or Revoked.
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { AcmeCredentialRow } from '../../../contract/acme';

export function CredentialStatus({ record }: { record: AcmeCredentialRow }) {
  const translate = useTranslate();
  const { status, account_status: account } = record;
  if (status === 'revoked')
    return <Chip size="small" color="error" label={translate('portal.acme.status.revoked')} />;
  if (status === 'bound') {
    const label = account
      ? translate('portal.acme.bound_account', {
          status: translate(`portal.acme.account_status.${account}`, { _: account }),
        })
      : translate('portal.acme.status.bound');
    return <Chip size="small" color="success" label={label} />;
  }
  return (
    <Chip size="small" variant="outlined" label={translate(`portal.acme.status.${status}`, { _: status })} />
  );
}
