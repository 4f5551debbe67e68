import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './index.css';
import { initConsentMode } from './lib/analytics';
import { readConsent } from './features/consent/consent';

initConsentMode(readConsent() !== null);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
