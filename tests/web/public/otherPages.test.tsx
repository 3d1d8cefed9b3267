// The payment-step placeholder, the agreement page, and the route list App.tsx mounts.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicRoutes } from '../../../src/customRoutes/public';
import { currentLocation, renderPublic } from './harness';

describe('public routes', () => {
  it('has a path and an element for every public page', () => {
    expect(publicRoutes.map((route) => route.path).sort()).toEqual(
      [
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

describe('payment step placeholder', () => {
  it('says plainly that the step is not there yet and shows the uuid', () => {
    renderPublic('/register/payment?uuid=a1b2c3');
    expect(screen.getByRole('heading', { level: 1, name: "It's almost done!" })).toBeInTheDocument();
    expect(screen.getByTestId('step-counter')).toHaveTextContent('4/4');
    expect(screen.getByText(/not available yet/)).toBeInTheDocument();
    expect(screen.getByTestId('payment-uuid')).toHaveTextContent('a1b2c3');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it("is headed 'Create new subscription' without a counter for new_sub", () => {
    renderPublic('/register/payment?uuid=a1b2c3&new_sub=yes');
    expect(screen.getByRole('heading', { level: 1, name: 'Create new subscription' })).toBeInTheDocument();
    expect(screen.queryByTestId('step-counter')).not.toBeInTheDocument();
  });
});

describe('subscriber agreement page', () => {
  it('shows the full agreement with a back link', async () => {
    renderPublic('/subscriber-agreement');
    expect(await screen.findByRole('heading', { level: 2, name: 'STI Certificate Subscriber Agreement' })).toBeInTheDocument();
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
