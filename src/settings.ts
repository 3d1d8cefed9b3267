// Settings the server publishes for the web app (Contact Us address, payment mode, Stripe's publishable key, the
// ACME directory).
import { useContext, useEffect, useSyncExternalStore } from 'react';
// the context alone (no react-query code): which app's settings these are
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

import type { PublicSettings } from '../contract/wire/settings';

/** The settings' one shape: contract/wire/settings.ts. */
export type { PublicSettings };

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

/** The settings' entry among the queries of a react-query client (the signed-in app's, the payment step's). */
const SETTINGS_QUERY_KEY = ['portal', 'settings'] as const;
const isSettingsQuery = (key: readonly unknown[]) =>
  JSON.stringify(key) === JSON.stringify(SETTINGS_QUERY_KEY);

/** The settings of one app: fetched once on first use (no retry but the caller's, as the portal's queries),
 * kept while it runs. A plain fetch rather than react-query: the public shell loads without it.
 * Under a react-query client the store also stands in the client's cache as the query SETTINGS_QUERY_KEY, with
 * the client's methods alone (no react-query code here): react-admin's refresh (useRefresh, the app bar's
 * refresh button), which invalidates the client's queries, fetches the settings again, as it did when they were
 * a react-query query; a sign-out, which clears the client, has the next use fetch them again. */
class SettingsStore {
  private state: SettingsState = { status: 'pending' };
  /** The fetch whose answer counts: a refresh supersedes the one in flight. */
  private request = 0;
  private loading = false;
  /** The client's cache dropped the settings (a sign-out): the next use fetches them again. */
  private dropped = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly client?: QueryClient) {
    if (!client) return;
    // never collected while no component observes it (it never is): only an invalidation or a clear ends it
    client.setQueryDefaults(SETTINGS_QUERY_KEY, { gcTime: Infinity, staleTime: Infinity });
    client.getQueryCache().subscribe((event) => {
      if (!isSettingsQuery(event.query.queryKey)) return;
      if (event.type === 'updated' && event.action.type === 'invalidate') this.fetch();
      else if (event.type === 'removed') this.dropped = true;
    });
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getState = () => this.state;

  /** The first use fetches; a failure stays until retry(), which fetches again (the failure shows meanwhile); the
   * first use after the client dropped the settings fetches them again (they show meanwhile). */
  load(force = false) {
    const { status } = this.state;
    if (this.loading) return;
    if (status === 'pending' || (status === 'error' && force) || this.dropped) this.fetch();
  }

  /** Fetches now; what was loaded shows until the answer, and stays if the fetch fails. */
  private fetch() {
    const request = ++this.request;
    this.loading = true;
    this.dropped = false;
    fetchSettings().then(
      (data) => this.settle(request, { status: 'success', data }),
      () => this.settle(request, this.state.status === 'success' ? this.state : { status: 'error' }),
    );
  }

  private settle(request: number, state: SettingsState) {
    if (request !== this.request) return;
    this.loading = false;
    this.state = state;
    // the entry the next invalidation reaches: set again after each fetch, which also clears its invalidated
    // mark (react-query sends an invalidation only to a query not already marked), null while none loaded
    this.client?.setQueryData(SETTINGS_QUERY_KEY, state.data ?? null);
    for (const listener of this.listeners) listener();
  }
}

/** One store per app, as react-query's cache was: the signed-in app's is keyed by its react-query client (a new
 * sign-in reads the settings again), the public shell's, which has no client, is this module's own. */
const stores = new WeakMap<object, SettingsStore>();
const PUBLIC_SHELL = {};

function useSettingsStore(): SettingsStore {
  const client = useContext(QueryClientContext);
  const scope = client ?? PUBLIC_SHELL;
  let store = stores.get(scope);
  if (!store) {
    store = new SettingsStore(client);
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
