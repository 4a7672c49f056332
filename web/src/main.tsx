import { FIRST_SCREEN_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import { startFromFirstScreen } from './first-screen/first-screen-entry';
import type { FirstScreenHandover } from './first-screen/first-screen-start';
import { registerServiceWorker } from './lib/pwa/register-sw';
import './app/styles/tokens.css';
import './app/styles/global.css';

// The small entry (ADR 119): it lets the browser paint a server-drawn page first and starts the app
// (app/boot.tsx) when the page needs it; everything about the drawn page is in first-screen/.

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const firstScreen = container.hasAttribute(FIRST_SCREEN_ATTRIBUTE);

const start = (handover?: FirstScreenHandover) =>
  void import('./app/boot').then(({ boot }) => boot(container, firstScreen, handover));

// The worker keeps the app for offline use whether or not the app itself has started yet; it starts
// once the loaded page's network is idle (ADR 224), never racing the first search (ADR 165).
registerServiceWorker();

if (firstScreen) startFromFirstScreen(container, start);
else start();
