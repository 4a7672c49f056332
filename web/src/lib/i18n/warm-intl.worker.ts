// Loads ICU's locale data on a thread of its own: the data is shared by the page's threads, so the
// main thread's own first Intl call is then cheap (ADR 184). Answers once, whatever happened.
import { warmIntl } from './warm-intl';

self.onmessage = (event: MessageEvent<string>) => {
  warmIntl(event.data);
  self.postMessage('warm');
};
