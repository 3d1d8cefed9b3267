// "Remove numbers" on the number listing (docs/delegates.md, "Numbers stay true"): the lines are checked as the
// server checks them, the removal is sent once, a toast says how many went, and the delegate certificates that
// covered a removed number are listed with a link to their page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingDataProvider, renderBilling } from '../billing/harness';

const NUMBER = {
  id: 'n1',
  tn_uuid: 'n1',
  tn: '2015550100',
  created_on: '2026-03-02T15:04:00Z',
  assigned_on: null,
  voip_user: { name: null, company: null },
};

function renderListing(removeNumbers: (numbers: string) => Promise<unknown>) {
  const dataProvider = billingDataProvider({
    getList: async () => ({ data: [NUMBER], total: 1 }),
    numberOptions: async () => ({
      voip_users: [],
      organizations: [],
      more: { voip_users: false, organizations: false },
    }),
    removeNumbers: vi.fn(removeNumbers),
  });
  renderBilling('/number-listing', { dataProvider });
  return dataProvider;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Remove numbers' }));
  return screen.findByRole('dialog', { name: 'Remove numbers from your inventory' });
}

describe('Remove numbers', () => {
  it('refuses a line that is neither a number nor a block, and sends nothing', async () => {
    const dataProvider = renderListing(async () => ({ removed: 0, delegates: [] }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Numbers to remove'), {
      target: { value: '2015550100\n12345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(/12345 is neither/)).toBeInTheDocument();
    expect(dataProvider.removeNumbers).not.toHaveBeenCalled();
  });

  it('removes once for two clicks, toasts the count, and closes when no delegate lost numbers', async () => {
    const dataProvider = renderListing(async () => ({ removed: 100, delegates: [] }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Numbers to remove'), {
      target: { value: '2015550100-2015550199' },
    });
    const remove = within(dialog).getByRole('button', { name: 'Remove' });
    act(() => {
      remove.click();
      remove.click();
    });
    expect(await screen.findByText('100 numbers removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.removeNumbers).toHaveBeenCalledTimes(1);
    expect(dataProvider.removeNumbers).toHaveBeenCalledWith('2015550100-2015550199');
  });

  it('lists the delegate certificates that lost numbers, with a link to their page', async () => {
    renderListing(async () => ({
      removed: 5,
      delegates: [
        {
          id: 'd1',
          serial_number: 'abcd',
          customer_name: 'Widget Call Center',
          number_count: 100,
          missing: 5,
        },
      ],
    }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Numbers to remove'), {
      target: { value: '2015550100-2015550104' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const listed = await screen.findByRole('dialog', { name: 'Delegate certificates to issue again' });
    expect(
      within(listed).getByText('Widget Call Center (abcd): 5 of 100 numbers no longer held'),
    ).toBeInTheDocument();
    expect(within(listed).getByRole('link', { name: 'Open delegate certificates' })).toHaveAttribute(
      'href',
      '/sti-certificate/delegates',
    );
  });

  it('says when none of the numbers is in the inventory, and shows a refusal in the dialog', async () => {
    // the dataProvider wrapper logs the refusal made on purpose
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: () => Promise<unknown> = async () => ({ removed: 0, delegates: [] });
    renderListing(() => answer());
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText('Numbers to remove');
    fireEvent.change(field, { target: { value: '2015550999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('None of these numbers is in your inventory')).toBeInTheDocument();
    answer = async () => {
      throw Object.assign(new Error('Remove at most 1,000,000 numbers at a time'), {
        status: 400,
        body: { message: 'Remove at most 1,000,000 numbers at a time' },
      });
    };
    fireEvent.change(field, { target: { value: '2015550000-2015550999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Remove at most 1,000,000 numbers at a time')).toBeInTheDocument();
  });
});
