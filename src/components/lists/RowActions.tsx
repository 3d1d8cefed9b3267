// The actions of one row: at most two as buttons, the rest in a "More actions" menu, so that a row's
// actions never widen its table (nor wrap a long label over three lines).
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export interface RowAction {
  key: string;
  /** The text, already translated. */
  label: string;
  onClick?: () => void;
  /** A link instead of a click. */
  to?: string;
  color?: 'primary' | 'error';
  disabled?: boolean;
}

/** How many actions a row shows as buttons; the rest go in its menu. */
export const VISIBLE_ROW_ACTIONS = 2;

export function RowActions({ actions, name }: { actions: RowAction[]; name: string }) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visible = actions.length > VISIBLE_ROW_ACTIONS ? actions.slice(0, VISIBLE_ROW_ACTIONS) : actions;
  const rest = actions.slice(visible.length);
  const close = () => setAnchor(null);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'nowrap', whiteSpace: 'nowrap' }}
      onClick={(e) => e.stopPropagation()}
    >
      {visible.map((a) =>
        a.to ? (
          <Button key={a.key} size="small" component={RouterLink} to={a.to} disabled={a.disabled}>
            {a.label}
          </Button>
        ) : (
          <Button key={a.key} size="small" color={a.color} onClick={a.onClick} disabled={a.disabled}>
            {a.label}
          </Button>
        ),
      )}
      {rest.length ? (
        <>
          <IconButton
            size="small"
            aria-label={translate('portal.lists.more_actions_for', { name })}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? true : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
            {rest.map((a) =>
              a.to ? (
                <MenuItem key={a.key} component={RouterLink} to={a.to} disabled={a.disabled} onClick={close}>
                  {a.label}
                </MenuItem>
              ) : (
                <MenuItem
                  key={a.key}
                  disabled={a.disabled}
                  sx={a.color === 'error' ? { color: 'error.main' } : undefined}
                  onClick={() => {
                    close();
                    a.onClick?.();
                  }}
                >
                  {a.label}
                </MenuItem>
              ),
            )}
          </Menu>
        </>
      ) : null}
    </Stack>
  );
}
