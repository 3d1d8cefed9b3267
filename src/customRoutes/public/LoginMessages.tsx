// What the login page says above its button (docs/screens.md, Sign in): the notice the user arrived with (a
// confirmed email address, a changed password, a payment), the outcome of a failed sign-in with its link, and
// what that link answered. Announced politely.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LandingNotice } from '../../components/LandingNotice';
import { useSettings } from '../../settings';
import type { LoginOutcome } from './loginOutcome';
import type { useLoginLinks } from './useLoginLinks';

type LoginLinks = ReturnType<typeof useLoginLinks>;

function ActionLink({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Link
      component="button"
      type="button"
      onClick={onClick}
      disabled={busy}
      sx={{ verticalAlign: 'baseline' }}
    >
      {translate(label)}
    </Link>
  );
}

function OutcomeAlert({
  outcome,
  links,
  email,
}: {
  outcome: LoginOutcome | null;
  links: LoginLinks;
  email: () => string;
}) {
  const translate = useTranslate();
  const { support_url } = useSettings();
  const busy = links.linkState.state === 'busy';
  if (!outcome || outcome.kind === 'field') return null;
  switch (outcome.kind) {
    case 'notConfirmed':
      return (
        <Alert severity="warning">
          <Typography variant="body2">{outcome.message}</Typography>
          <ActionLink
            label="portal.login.confirmation_mail"
            busy={busy}
            onClick={() => links.resendConfirmation(email().trim())}
          />
        </Alert>
      );
    case 'pastDue':
      return (
        <Alert severity="warning">
          <Typography variant="body2">{outcome.message}</Typography>
          <ActionLink
            label="portal.login.pay_subscription_due"
            busy={busy}
            onClick={() => links.payPastDue(outcome.serviceProviderUuid)}
          />
        </Alert>
      );
    case 'disabled':
      return (
        <Alert severity="error">
          <Typography variant="body2">{outcome.message}</Typography>
          <Typography variant="body2">
            {translate('portal.login.disabled_next')}{' '}
            <Link href={support_url} target="_blank" rel="noopener noreferrer">
              {translate('portal.login.disabled_contact')}
            </Link>
          </Typography>
        </Alert>
      );
    case 'pastDueNewInvoice':
      return <Alert severity="warning">{translate('portal.login.past_due_short')}</Alert>;
    case 'redirect':
      return (
        <Alert severity="info">
          <Typography variant="body2">{outcome.message}</Typography>
          <Typography variant="body2">{translate('portal.login.redirecting_payment')}</Typography>
        </Alert>
      );
    default:
      return outcome.message ? <Alert severity="error">{outcome.message}</Alert> : null;
  }
}

export interface LoginMessagesProps {
  outcome: LoginOutcome | null;
  links: LoginLinks;
  /** The email typed, for the link that mails a new confirmation. */
  email: () => string;
}

export function LoginMessages({ outcome, links, email }: LoginMessagesProps) {
  const { linkState } = links;
  return (
    <Box sx={{ my: 2, display: 'grid', gap: 1 }} aria-live="polite">
      {outcome ? null : <LandingNotice />}
      <OutcomeAlert outcome={outcome} links={links} email={email} />
      {linkState.state === 'done' && linkState.text ? (
        <Alert severity="success">{linkState.text}</Alert>
      ) : null}
      {linkState.state === 'failed' && linkState.text ? (
        <Alert severity="error">{linkState.text}</Alert>
      ) : null}
    </Box>
  );
}
