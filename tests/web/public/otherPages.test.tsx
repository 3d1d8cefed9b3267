// The payment-step placeholder, the agreement page, and the route list App.tsx mounts.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicRoutes } from '../../../src/customRoutes/public';
import { currentLocation, renderPublic } from './harness';

describe('public routes', () => {
  it('has a path and an element for every public page', () => {
    expect(publicRoutes.map((route) => route.path).sort()).toEqual(
      [
        '/accept-invite',
        '/email-verify',
        '/forgot-password',
        '/login',
        '/register',
        '/register/confirm',
        '/register/payment',
        '/reset-password',
        '/subscriber-agreement',
      ].sort(),
    );
    for (const route of publicRoutes) expect(route.element).toBeTruthy();
  });
});

describe('subscriber agreement page', () => {
  it('shows the full agreement with a back link', async () => {
    renderPublic('/subscriber-agreement');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'STI Certificate Subscriber Agreement' }),
    ).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/register');
    fireEvent.click(back);
    await waitFor(() => expect(currentLocation()).toBe('/register'));
  });

  it('has no illustration column, the text needs the width', async () => {
    renderPublic('/subscriber-agreement');
    await screen.findByRole('heading', { level: 2, name: 'STI Certificate Subscriber Agreement' });
    expect(screen.queryByTestId('public-welcome')).not.toBeInTheDocument();
  });
});
