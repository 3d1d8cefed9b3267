// /admin/resellers/{id}: the reseller's name and company; its email, promo code and companies shown; the actions
// (deactivate or activate, a new promo code, the invitation again) ask first. Only the edited fields are sent.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import {
  Edit,
  FunctionField,
  Labeled,
  SaveButton,
  SimpleForm,
  TextField,
  Toolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatPromoCode, resellerEditFormSchema, type ResellerRow } from '../../../contract/resellers';
import { ResellerActions } from './ResellerActions';
import { RESELLERS_PATH, ResellerInputs } from './ResellerInputs';

/** The PUT body: what the form edits, nothing of the rest of the record. */
export const editedFields = (data: Partial<ResellerRow>) => ({
  name: data.name,
  company_name: data.company_name,
});

export function ResellerEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Edit
      title={translate('portal.resellers.edit_title')}
      mutationMode="pessimistic"
      transform={editedFields}
      mutationOptions={{
        onSuccess: () => {
          notify('portal.resellers.saved', { type: 'success' });
          navigate(RESELLERS_PATH);
        },
      }}
      actions={false}
    >
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography component="h1" variant="h5">
          {translate('portal.resellers.edit_title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', my: 1 }}>
          <Labeled source="email">
            <TextField source="email" />
          </Labeled>
          <Labeled source="url_token">
            <FunctionField<ResellerRow>
              source="url_token"
              sx={{ fontFamily: 'monospace' }}
              render={(r) => formatPromoCode(r.url_token)}
            />
          </Labeled>
          <Labeled source="companies_count">
            <TextField source="companies_count" />
          </Labeled>
        </Box>
        <ResellerActions showEdit={false} />
      </Box>
      <SimpleForm
        resolver={yupResolver(resellerEditFormSchema) as never}
        mode="onBlur"
        sx={{ maxWidth: 560 }}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <ResellerInputs />
      </SimpleForm>
    </Edit>
  );
}

export default ResellerEdit;
