// The header's way to the signed-in user's own page (/profile): an icon button, named for screen readers.
import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PROFILE_PATH } from '../resources/profile';

export function ProfileButton() {
  const translate = useTranslate();
  const label = translate('portal.profile.open');
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={PROFILE_PATH} color="inherit" aria-label={label}>
        <AccountCircle />
      </IconButton>
    </Tooltip>
  );
}
