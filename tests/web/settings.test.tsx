// The public settings (src/settings.ts) under a react-query client: fetched once, fetched again by an invalidation
// (react-admin's refresh), kept when that fetch fails, and fetched again after a sign-out cleared the client.
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../src/settings';

function SupportUrl() {
  return <output data-testid="support-url">{useSettings().support_url}</output>;
}

/** The server's settings: `answer` is what the next request gets (a status alone: a failure). */
function serveSettings(first: string) {
  let answer: string | number = first;
  const fetch = vi.fn(async () =>
    typeof answer === 'number'
      ? new Response('{"message":"Unavailable"}', { status: answer })
      : new Response(JSON.stringify({ support_url: answer, payments: 'sandbox' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    answer: (next: string | number) => {
      answer = next;
    },
  };
}

function renderUnder(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <SupportUrl />
    </QueryClientProvider>,
  );
}

const shown = () => screen.getByTestId('support-url').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the settings under a react-query client', () => {
  it('are fetched again when the client invalidates its queries, and only then', async () => {
    const server = serveSettings('https://one.example.test');
    const client = new QueryClient();
    renderUnder(client);
    await waitFor(() => expect(shown()).toBe('https://one.example.test'));

    server.answer('https://two.example.test');
    await act(() => client.invalidateQueries({ queryKey: ['something', 'else'] }));
    expect(server.fetch).toHaveBeenCalledTimes(1);

    await act(() => client.invalidateQueries());
    await waitFor(() => expect(shown()).toBe('https://two.example.test'));
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  it('stay as they were when fetching them again fails, and a later refresh still fetches', async () => {
    const server = serveSettings('https://one.example.test');
    const client = new QueryClient();
    renderUnder(client);
    await waitFor(() => expect(shown()).toBe('https://one.example.test'));

    server.answer(503);
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(2));
    expect(shown()).toBe('https://one.example.test');

    server.answer('https://three.example.test');
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(shown()).toBe('https://three.example.test'));
  });

  it('are fetched again by their next use once the client was cleared (a sign-out)', async () => {
    const server = serveSettings('https://one.example.test');
    const client = new QueryClient();
    const first = renderUnder(client);
    await waitFor(() => expect(shown()).toBe('https://one.example.test'));
    first.unmount();

    act(() => client.clear());
    server.answer('https://two.example.test');
    renderUnder(client);
    await waitFor(() => expect(shown()).toBe('https://two.example.test'));
    expect(server.fetch).toHaveBeenCalledTimes(2);

    // and the entry is back: a refresh reaches it
    server.answer('https://three.example.test');
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(shown()).toBe('https://three.example.test'));
  });
});
