// The page's heading with Import and Create New.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { MainButton } from '../../components/MainButton';

export interface PrivateKeyListActionsProps {
  title: string;
  titleId: string;
  creating: boolean;
  onImport: () => void;
  onCreate: () => void;
}

export function PrivateKeyListActions({
  title,
  titleId,
  creating,
  onImport,
  onCreate,
}: PrivateKeyListActionsProps) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        mb: 2,
      }}
    >
      <Typography component="h1" variant="h5" id={titleId}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" onClick={onImport}>
          {translate('portal.certificates.import')}
        </Button>
        <MainButton onClick={onCreate} loading={creating}>
          {translate('portal.certificates.create_new')}
        </MainButton>
      </Box>
    </Box>
  );
}
