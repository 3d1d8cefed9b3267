// The texts of the import's file format and its dialog: spread into en.ts under `portal.numbers`.

export const numbersImportMessages = {
  format: {
    label: 'CSV file format',
    intro:
      'A CSV file (UTF-8, comma-separated) whose first line names its columns, in any order. Only tn is required.',
    column: 'Column',
    meaning: 'What it holds',
    columns: {
      tn: 'The telephone number (required): 10 digits, or 11 starting with 1; spaces, dashes, dots, parentheses and +1 are allowed.',
      voip_user: 'The VoIP user the number is assigned to (up to 100 characters).',
      organization: 'The organization of that user (up to 100 characters).',
      assigned_on: 'The date it was assigned, as YYYY-MM-DD.',
    },
    example: 'Example (the header and one row):',
    template: 'Download template',
  },
  import_title: 'Import numbers',
  choose: 'Choose a CSV file',
  view_numbers: 'View numbers',
  // holds the visible text (view_numbers): the accessible name starts with what is seen
  view_numbers_of: 'View numbers of %{name}',
  numbers_column: 'Numbers',
  // the number listing's filter by import: its label, and the import it names
  filter_import: 'From import',
  import_of: '%{name} of %{date}',
  import_unknown: 'Unknown import',
};
