// /admin/resellers/create: a new reseller; the server mails it an invitation to choose a password. The rules are
// the server's (contract/resellers.ts); its field errors (an email already taken) show on their fields.
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import { Create, SimpleForm, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { resellerCreateSchema, type ResellerRow } from '../../../contract/resellers';
import { RESELLERS_PATH, ResellerInputs } from './ResellerInputs';

export function ResellerCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Create
      title={translate('portal.resellers.create_title')}
      mutationOptions={{
        // replaces react-admin's own success effects: the notice names the address, then back to the list
        onSuccess: (row: ResellerRow) => {
          notify('portal.resellers.created', { type: 'success', messageArgs: { email: row.email } });
          navigate(RESELLERS_PATH);
        },
      }}
    >
      {/* the page's one h1 (react-admin's title goes to the header bar, not a heading) */}
      <Typography component="h1" variant="h5" sx={{ px: 2, pt: 2 }}>
        {translate('portal.resellers.create_title')}
      </Typography>
      <SimpleForm resolver={yupResolver(resellerCreateSchema) as never} mode="onBlur" sx={{ maxWidth: 560 }}>
        <ResellerInputs withEmail />
      </SimpleForm>
    </Create>
  );
}

export default ResellerCreate;
