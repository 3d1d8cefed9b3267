// The page's heading and Create New. While Create New is disabled for a reason (no keys, or the profile may not
// create certificates), the reason is its tooltip and the caption under it.
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export interface CertificateListActionsProps {
  title: string;
  titleId: string;
  /** Why Create New is disabled, a key under portal.certificates.blocked; null when it is not. */
  blocker: string | null;
  canCreate: boolean;
  onCreate: () => void;
}

export function CertificateListActions({
  title,
  titleId,
  blocker,
  canCreate,
  onCreate,
}: CertificateListActionsProps) {
  const translate = useTranslate();
  const helperId = useId();
  const createButton = (
    <Button
      variant="contained"
      onClick={onCreate}
      disabled={!canCreate}
      aria-describedby={blocker ? helperId : undefined}
    >
      {translate('portal.certificates.create_new')}
    </Button>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        mb: 2,
      }}
    >
      <Typography component="h1" variant="h5" id={titleId}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', maxWidth: 420 }}>
        {blocker ? (
          <Tooltip title={translate(`portal.certificates.blocked.${blocker}`)} enterDelay={0} leaveDelay={0}>
            {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
            <span>{createButton}</span>
          </Tooltip>
        ) : (
          createButton
        )}
        {blocker ? (
          <Typography
            id={helperId}
            variant="caption"
            color="text.secondary"
            sx={{ mt: 0.5, textAlign: 'right' }}
          >
            {translate(`portal.certificates.blocked.${blocker}`)}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
