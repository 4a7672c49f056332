import { FIRST_SCREEN_ATTRIBUTE } from '@pharmaradar/shared/first-screen';
import './app/styles/tokens.css';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const firstScreen = container.hasAttribute(FIRST_SCREEN_ATTRIBUTE);

/** Resolves after the browser has painted a frame. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// A page the server drew is painted before the app's code runs (ADR 119): the phone shows it at once,
// then starts the app. index.html preloads the app's chunks, so waiting costs no extra round trip.
void (firstScreen ? afterPaint() : Promise.resolve())
  .then(() => import('./app/boot'))
  .then(({ boot }) => boot(container, firstScreen));
