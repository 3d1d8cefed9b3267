// The texts every list shares (its toolbar, the menu of a row's further actions) and the user menu under the
// avatar. Spread into en.ts as `portal.lists` and `portal.user_menu`.

export const listMessages = {
  filters: 'Filters',
  clear_filters: 'Clear filters',
  more_actions: 'More actions',
  more_actions_for: 'More actions: %{name}',
};

export const userMenuMessages = {
  open: 'User menu',
  profile: 'My profile',
  theme_dark: 'Dark theme',
  theme_light: 'Light theme',
  sign_out: 'Sign out',
};
