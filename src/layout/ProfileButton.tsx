// The user menu under the avatar in the header: the signed-in user's own page (/profile), the light or
// dark theme (kept in the browser by react-admin's store), and sign out. The button is named for screen readers.
import AccountCircle from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useLogout, useTheme, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PROFILE_PATH } from '../resources/profile';

export function ProfileButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const [theme, setTheme] = useTheme();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = translate('portal.user_menu.open');
  const dark = theme === 'dark';
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={Link} to={PROFILE_PATH} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('portal.user_menu.profile')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setTheme(dark ? 'light' : 'dark');
            close();
          }}
        >
          <ListItemIcon>
            {dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
          </ListItemIcon>
          <ListItemText>
            {translate(dark ? 'portal.user_menu.theme_light' : 'portal.user_menu.theme_dark')}
          </ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('portal.user_menu.sign_out')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
