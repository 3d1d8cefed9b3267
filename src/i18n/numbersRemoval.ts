// The texts of removing numbers from the inventory, and of the delegate certificates that then lost numbers:
// spread into en.ts under `portal.numbers`.

export const numbersRemovalMessages = {
  remove: 'Remove numbers',
  remove_title: 'Remove numbers from your inventory',
  remove_intro:
    'The numbers leave your inventory at once. A delegate certificate that covers one of them must then be issued again for the numbers you still hold.',
  remove_lines: 'Numbers to remove',
  remove_help: 'One number or block per line, e.g. 2015550100 or 2015550100-2015550199',
  remove_confirm: 'Remove',
  removed: '%{count} numbers removed',
  removed_none: 'None of these numbers is in your inventory',
  uncovered_title: 'Delegate certificates to issue again',
  uncovered_intro:
    'These delegate certificates cover numbers that are no longer in your inventory. Issue each again for the numbers you still hold, then revoke the old one.',
  uncovered_admin_intro:
    'These delegate certificates cover numbers their provider no longer holds: the provider has been told to issue them again.',
  uncovered_row: '%{customer} (%{serial}): %{missing} of %{count} numbers no longer held',
  uncovered_link: 'Open delegate certificates',
};
