import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/pwa/register-sw';
import './app/styles/tokens.css';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

registerServiceWorker();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
