// /account/renewal (docs/screens.md, Auto renewal): 'Enable Auto Renewal' with the auto-charge toggle (only
// while the newest saved card is valid) and the billing-period toggle, then the card form (add or update).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { SavedCard, ServiceProviderProfile } from '../../contract/api';
import { expiryText } from '../../contract/cards';
import { AutoRenewalSection } from './AutoRenewalSection';
import { CardForm, type CardFormMode } from './CardForm';
import { billingErrorMessage } from './errors';
import type { PortalDataProvider } from '../dataProvider/types';
import { BackToSummary } from './BackToSummary';
import { useProfile } from '../authProvider/useProfile';
import { ProfileLoadState } from './ProfileLoadState';

export const CARDS_QUERY_KEY = ['portal', 'payment-cards'] as const;

/** The card with the largest `created` is the current card. */
export function newestCard(cards: readonly SavedCard[] | undefined): SavedCard | undefined {
  return (cards ?? []).reduce<SavedCard | undefined>(
    (best, card) => (!best || card.created > best.created ? card : best),
    undefined,
  );
}

export function RenewalPage() {
  const translate = useTranslate();
  const { data: profile, isPending, error } = useProfile();
  const title = translate('portal.account.auto_renewal');

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <BackToSummary />
      <Card component="section" aria-labelledby="renewal-title">
        <CardContent>
          <Typography component="h1" variant="h5" id="renewal-title" gutterBottom>
            {title}
          </Typography>
          <ProfileLoadState isPending={isPending} error={error} />
          {profile ? <RenewalContent profile={profile} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}

function RenewalContent({ profile }: { profile: ServiceProviderProfile }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const cards = useQuery({ queryKey: CARDS_QUERY_KEY, queryFn: () => dataProvider.listCards() });
  const current = useMemo(() => newestCard(cards.data?.data), [cards.data]);
  const [chosenMode, setChosenMode] = useState<CardFormMode | null>(null);
  // add when there is no saved card; otherwise what the provider pressed
  const mode: CardFormMode | null = cards.isSuccess && !current ? 'add' : chosenMode;

  return (
    <>
      {profile.subscription_expired_on ? (
        <AutoRenewalSection profile={profile} card={current} cardsLoaded={cards.isSuccess} />
      ) : null}

      <Box component="section" aria-labelledby="card-title" sx={{ mt: 3 }}>
        <Typography component="h2" variant="h6" id="card-title" gutterBottom>
          {translate('portal.billing.card_title')}
        </Typography>
        {cards.isPending ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
        {cards.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {billingErrorMessage(cards.error)}
          </Alert>
        ) : null}
        {current ? (
          <>
            <Typography sx={{ mb: 1 }} data-testid="saved-card">
              {translate('portal.billing.saved_card', {
                last4: current.card.last4,
                expiry: expiryText(current.card.exp_month, current.card.exp_year),
              })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
              <Button
                variant={mode === 'add' ? 'contained' : 'outlined'}
                onClick={() => setChosenMode('add')}
              >
                {translate('portal.billing.add_new_card')}
              </Button>
              <Button
                variant={mode === 'update' ? 'contained' : 'outlined'}
                onClick={() => setChosenMode('update')}
              >
                {translate('portal.billing.update')}
              </Button>
            </Box>
          </>
        ) : cards.isSuccess ? (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('portal.billing.no_card')}
          </Typography>
        ) : null}
        {mode ? (
          <CardForm
            mode={mode}
            card={mode === 'update' ? current : undefined}
            onSaved={() => {
              setChosenMode(null);
              void cards.refetch();
            }}
          />
        ) : null}
      </Box>
    </>
  );
}

export default RenewalPage;
