// The links a login failure offers (docs/screens.md, Sign in): resend the confirmation mail, or open the
// payment page of a past-due subscription; what each answered is shown under the outcome.
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePublicDataProvider } from './usePublicDataProvider';
import { failureMessage } from './httpError';

export type LinkState =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; text?: string }
  | { state: 'failed'; text: string };

export function useLoginLinks() {
  const translate = useTranslate();
  const dataProvider = usePublicDataProvider();
  const [linkState, setLinkState] = useState<LinkState>({ state: 'idle' });

  const resendConfirmation = async (email: string) => {
    setLinkState({ state: 'busy' });
    try {
      await dataProvider.resendConfirmationEmail(email);
      setLinkState({ state: 'done', text: translate('portal.login.check_email') });
    } catch (error) {
      setLinkState({ state: 'failed', text: failureMessage(error) });
    }
  };

  const payPastDue = async (serviceProviderUuid: string) => {
    setLinkState({ state: 'busy' });
    try {
      const { url } = await dataProvider.getPastDuePaymentUrl(serviceProviderUuid);
      window.open(url, '_blank', 'noopener,noreferrer');
      setLinkState({ state: 'done' });
    } catch (error) {
      setLinkState({ state: 'failed', text: failureMessage(error) });
    }
  };

  return { linkState, reset: () => setLinkState({ state: 'idle' }), resendConfirmation, payPastDue };
}
