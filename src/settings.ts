// Settings the server publishes for the web app (Contact Us address, payment mode, Stripe's publishable key).
import { useQuery } from '@tanstack/react-query';

export interface PublicSettings {
  support_url: string;
  payments: 'sandbox' | 'stripe';
  /** Stripe's publishable key (pk_...), set in Stripe mode: the card form's secure fields need it. */
  stripe_publishable_key?: string;
  /** A demo portal (sandbox payments or the built-in STI-PA simulator): every page shows a banner. */
  demo?: boolean;
}

export const DEFAULT_SETTINGS: PublicSettings = {
  support_url: 'https://support.example.com',
  payments: 'sandbox',
};

/** The publishable key when Stripe payments are on and one is set; undefined otherwise. */
export function stripePublishableKeyOf(settings: PublicSettings): string | undefined {
  if (settings.payments !== 'stripe') return undefined;
  const key =
    typeof settings.stripe_publishable_key === 'string' ? settings.stripe_publishable_key.trim() : '';
  return key || undefined;
}

export async function fetchSettings(): Promise<PublicSettings> {
  const res = await fetch('/api/public/settings');
  if (!res.ok) throw new Error(`Request failed with status code ${res.status}`);
  return (await res.json()) as PublicSettings;
}

const settingsQuery = {
  queryKey: ['portal', 'settings'],
  queryFn: fetchSettings,
  staleTime: Infinity,
} as const;

/** The settings, or the defaults while they load or when the server cannot be reached. */
export function useSettings(): PublicSettings {
  const { data } = useQuery(settingsQuery);
  return data ?? DEFAULT_SETTINGS;
}

/** The settings as the server sent them, for what must not guess (which card form may take a card number). */
export function useLoadedSettings() {
  const { data, status, refetch } = useQuery(settingsQuery);
  return { settings: data, status, retry: () => void refetch() };
}
