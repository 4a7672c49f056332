import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { INTL_LOCALE } from '@pharmaradar/shared';
import { App } from './app/app';
import { warmIntl } from './lib/i18n/warm-intl';
import { localeOfPath } from './lib/router/localized-path';
import { registerServiceWorker } from './lib/pwa/register-sw';
import './app/styles/tokens.css';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

registerServiceWorker();
warmIntl(INTL_LOCALE[localeOfPath(window.location.pathname)]);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
