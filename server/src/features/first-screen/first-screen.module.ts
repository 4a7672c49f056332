import type { MiddlewareHandler } from 'hono';
import type { Env } from '../../config/env';
import type { HtmlTransformer } from '../../lib/web-static';
import { homeFirstScreen, productFirstScreen } from './first-screen-html';
import { createFirstScreenRenderer } from './first-screen-renderer';
import { createFirstScreenRoutes } from './first-screen.routes';
import { createFirstScreenService, type FirstScreenPorts } from './first-screen.service';
import { localePreloads } from './locale-preload';
import { searchedHome } from './first-screen-searched-home';

/**
 * The first screen (ADR 119-121, ADR 140): the home and product pages go out drawn by the web app's
 * own components, and a product page drawn without its prices completes itself in one request; a
 * search address (`/?q=`) is drawn with its results, streamed once the search ends (ADR 180); a
 * product page without a product answers 404 with the app's not-found page.
 * `htmlTransformers` rewrite index.html in order (the preloads first: a drawn page drops them);
 * `routes` go under /api.
 */
export function createFirstScreenModule(
  deps: { env: Pick<Env, 'WEB_DIST_DIR'>; searchLimit: MiddlewareHandler } & FirstScreenPorts,
): { routes: ReturnType<typeof createFirstScreenRoutes>; htmlTransformers: HtmlTransformer[] } {
  const draw = createFirstScreenRenderer(deps.env.WEB_DIST_DIR, deps.log);
  const service = createFirstScreenService(deps);
  return {
    routes: createFirstScreenRoutes({ service, draw, searchLimit: deps.searchLimit }),
    htmlTransformers: [
      localePreloads(deps.env.WEB_DIST_DIR),
      productFirstScreen(draw, service),
      homeFirstScreen(draw, searchedHome({ draw, service, searchLimit: deps.searchLimit })),
    ],
  };
}
