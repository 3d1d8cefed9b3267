// Settings the server publishes for the web app (Contact Us address, payment mode).
import { useQuery } from '@tanstack/react-query';

export interface PublicSettings {
  support_url: string;
  payments: 'sandbox' | 'stripe';
}

export const DEFAULT_SETTINGS: PublicSettings = { support_url: 'https://support.example.com', payments: 'sandbox' };

export async function fetchSettings(): Promise<PublicSettings> {
  const res = await fetch('/api/public/settings');
  if (!res.ok) throw new Error(`Request failed with status code ${res.status}`);
  return (await res.json()) as PublicSettings;
}

/** The settings, or the defaults while they load or when the server cannot be reached. */
export function useSettings(): PublicSettings {
  const { data } = useQuery({ queryKey: ['portal', 'settings'], queryFn: fetchSettings, staleTime: Infinity });
  return data ?? DEFAULT_SETTINGS;
}
