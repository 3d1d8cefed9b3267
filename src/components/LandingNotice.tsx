// The one way a page says what just happened before the user arrived: `?notice=` in its address
// (contract/notices.ts) names the message. The email confirmation and the password pages send the user to
// /login with it; the payments provider sends them back to /login, the account summary or the plan step with
// it. Dismissing the message drops the key from the address, so a reload or a bookmark does not repeat it.
import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { NOTICE_PARAM, isLandingNotice, type LandingNotice as Notice } from '../../contract/notices';

// Checkouts opened before the notices existed come back to /login?paid=1.
const LEGACY_PAID_PARAM = 'paid';

export function noticeIn(params: URLSearchParams): Notice | null {
  const notice = params.get(NOTICE_PARAM);
  if (isLandingNotice(notice)) return notice;
  return params.get(LEGACY_PAID_PARAM) === '1' ? 'subscription_paid' : null;
}

export function LandingNotice({ sx }: { sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  const [searchParams, setSearchParams] = useSearchParams();
  const notice = noticeIn(searchParams);
  if (!notice) return null;

  const dismiss = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(NOTICE_PARAM);
        next.delete(LEGACY_PAID_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Alert
      severity={notice === 'payment_cancelled' ? 'info' : 'success'}
      role="status"
      onClose={dismiss}
      closeText={translate('portal.notice.dismiss')}
      data-testid="landing-notice"
      sx={sx}
    >
      {translate(`portal.notice.${notice}`)}
    </Alert>
  );
}
