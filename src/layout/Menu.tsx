// The sidebar: who is signed in, the menu of the role (menuItems.ts), and the sign-out button.
import type { ReactElement } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { Menu, useLogout, useSidebarState, useTranslate } from 'react-admin';
import type { ServiceProviderProfile } from '../../contract/api';
import { usePortalIdentity } from '../authProvider/usePortalIdentity';
import { menuFor, shortNameOf, type MenuItem } from './menuItems';
import { usePortalRole } from './usePortalRole';

function ShortName({ text }: { text: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 28,
        height: 24,
        px: 0.5,
        borderRadius: 1,
        fontSize: '0.7rem',
        fontWeight: 700,
        letterSpacing: 0.5,
        bgcolor: 'action.selected',
        color: 'text.primary',
      }}
    >
      {text}
    </Box>
  );
}

function UserBlock({ open }: { open: boolean }) {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  if (!identity) return null;
  const name = identity.fullName;
  const company = identity.company_name ?? (identity.profile?.company_name as string | undefined);
  return (
    <Box
      component="section"
      aria-label={translate('portal.shell.user')}
      data-testid="sidebar-user"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: open ? 2 : 1, py: 1.5, minHeight: 56 }}
    >
      <Tooltip title={open ? '' : [name, company].filter(Boolean).join(' — ')} placement="right">
        <Avatar
          sx={{ width: 36, height: 36, fontSize: '0.9rem', bgcolor: 'primary.main' }}
          aria-hidden="true"
        >
          {shortNameOf(name).slice(0, 2)}
        </Avatar>
      </Tooltip>
      {open ? (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap title={name}>
            {name}
          </Typography>
          {company ? (
            <Typography variant="body2" color="text.secondary" noWrap title={company}>
              {company}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

function SignOutButton({ open }: { open: boolean }) {
  const translate = useTranslate();
  const logout = useLogout();
  const label = translate('portal.header.sign_out');
  if (!open) {
    return (
      <Tooltip title={label} placement="right">
        <IconButton aria-label={label} onClick={() => void logout()} sx={{ mx: 'auto', my: 1 }}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      startIcon={<LogoutIcon />}
      onClick={() => void logout()}
      sx={{ mx: 2, my: 1, justifyContent: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

/** The menu items flattened, children indented under their parent (MenuList takes no fragments). */
function menuElements(items: MenuItem[], open: boolean, depth = 0): ReactElement[] {
  return items.flatMap((item) => [
    <Menu.Item
      key={item.link}
      to={item.link}
      primaryText={item.name}
      leftIcon={<ShortName text={item.shortName} />}
      data-short-name={item.shortName}
      sx={depth && open ? { pl: 2 + depth * 2.5 } : undefined}
    />,
    ...menuElements(item.children ?? [], open, depth + 1),
  ]);
}

export function PortalMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const role = usePortalRole();
  const { identity } = usePortalIdentity({ enabled: role !== null });
  if (!role) return null;
  const profile =
    role === 'service-provider' ? (identity?.profile as ServiceProviderProfile | null | undefined) : null;
  const items = menuFor(
    role,
    { hasSubscriptionExpiry: Boolean(profile?.subscription_expired_on) },
    translate,
  );
  return (
    <Box
      component="nav"
      aria-label={translate('portal.shell.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', pb: 2 }}
    >
      <UserBlock open={open} />
      <Menu>{menuElements(items, open)}</Menu>
      <SignOutButton open={open} />
    </Box>
  );
}
