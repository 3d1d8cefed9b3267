// Settings the server publishes for the web app (Contact Us address, payment mode, Stripe's publishable key).
import { useContext, useEffect, useSyncExternalStore } from 'react';
// the context alone (no react-query code): which app's settings these are
import { QueryClientContext } from '@tanstack/react-query';

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

type SettingsState =
  | { status: 'pending'; data?: undefined }
  | { status: 'error'; data?: undefined }
  | { status: 'success'; data: PublicSettings };

/** The settings of one app: fetched once on first use (no retry but the caller's, as the portal's queries),
 * kept while it runs. A plain fetch rather than react-query: the public shell loads without it. */
class SettingsStore {
  private state: SettingsState = { status: 'pending' };
  private loading = false;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getState = () => this.state;

  /** The first use fetches; a failure stays until retry(), which fetches again (the failure shows meanwhile). */
  load(force = false) {
    if (this.loading || (!force && this.state.status !== 'pending') || this.state.status === 'success')
      return;
    this.loading = true;
    fetchSettings().then(
      (data) => this.set({ status: 'success', data }),
      () => this.set({ status: 'error' }),
    );
  }

  private set(state: SettingsState) {
    this.loading = false;
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/** One store per app, as react-query's cache was: the signed-in app's is keyed by its react-query client (a new
 * sign-in reads the settings again), the public shell's, which has no client, is this module's own. */
const stores = new WeakMap<object, SettingsStore>();
const PUBLIC_SHELL = {};

function useSettingsStore(): SettingsStore {
  const scope = useContext(QueryClientContext) ?? PUBLIC_SHELL;
  let store = stores.get(scope);
  if (!store) {
    store = new SettingsStore();
    stores.set(scope, store);
  }
  useEffect(() => store.load(), [store]);
  return store;
}

/** The settings, or the defaults while they load or when the server cannot be reached. */
export function useSettings(): PublicSettings {
  const store = useSettingsStore();
  return useSyncExternalStore(store.subscribe, store.getState).data ?? DEFAULT_SETTINGS;
}

/** The settings as the server sent them, for what must not guess (which card form may take a card number). */
export function useLoadedSettings() {
  const store = useSettingsStore();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { settings: state.data, status: state.status, retry: () => store.load(true) };
}
