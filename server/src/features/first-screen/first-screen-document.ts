import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_WHOLE_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import { type FirstScreenPage } from '@pharmaradar/shared/first-screen.schema';
import { scriptSafeJson } from '../../lib/web-static';

// The two ways a drawn page is put into index.html, shared by the drawn home, the searched home and
// the product page.

const PRELOAD_LINK = /<link rel="(?:modulepreload|preload)"[^>]*>\s*/g;

/**
 * index.html with `markup` as the content of #root, marked with the page it shows and whether it is
 * whole without the app (ADR 121: then the app waits for the first touch). The page works
 * before the app, which starts on the visitor's first touch (ADR 120): nothing preloads the app's
 * code or translations ahead of the page; the service worker's precache brings them in after it.
 */
export function withFirstScreen(html: string, page: FirstScreenPage['page'], markup: string, whole: boolean): string {
  const marks = `${FIRST_SCREEN_ATTRIBUTE}="${page}"${whole ? ` ${FIRST_SCREEN_WHOLE_ATTRIBUTE}` : ''}`;
  return html
    .replace(PRELOAD_LINK, '')
    .replace('<div id="root"></div>', () => `<div id="root" ${marks}>${markup}</div>`);
}

/** `value` as a JSON script element a drawn page carries for the app (script-safe). */
export const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;
