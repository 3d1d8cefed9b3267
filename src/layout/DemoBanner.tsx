// On every page of a demo portal (sandbox payments or the built-in STI-PA simulator): nothing here is real.
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { useSettings } from '../settings';

export function DemoBanner() {
  const translate = useTranslate();
  const { demo } = useSettings();
  if (!demo) return null;
  return (
    <Alert severity="warning" role="status" square sx={{ justifyContent: 'center' }}>
      {translate('portal.demo_banner')}
    </Alert>
  );
}
