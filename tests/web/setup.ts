import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after this long: RTL's 1 s default is shorter than a first render of a react-admin list
// takes on a loaded two-core machine (module loading and layout run on the same cores as the other test workers).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
