import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { captureResellerCode } from './authProvider/resellerCode';

// a sign-up link from a reseller carries its promo code in `rc`; keep it for this browser session
captureResellerCode(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
