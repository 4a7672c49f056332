// npm run lighthouse: the built app served by the real server in demo mode (fresh temp DATA_DIR, free
// port, as the journeys run it), Lighthouse on the home page and two product landing pages, scores
// printed; exits 1 under the bar (performance >= 0.90, accessibility 1.00, mobile) on any
// of them. One product page has its prices in the server's cache (drawn with them), the other not
// (drawn as a comparison under way and completed in place): ADR 121.
import { startApp } from './support/harness';
import { auditPages, BAR, meetsBar, productLandingUrl } from './support/lighthouse-audit';

const app = await startApp();
let ok: boolean;
try {
  const cold = await productLandingUrl(app.url, 'cold');
  const results = await auditPages([`${app.url}/`, await productLandingUrl(app.url, 'cached'), cold]);
  const labels = ['home', 'product page, prices cached', 'product page, prices not cached'];
  for (const [i, r] of results.entries()) {
    console.log(`[${labels[i]}]`);
    const metrics = Object.entries(r.metrics)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `${r.url}\n  performance ${r.performance.toFixed(2)}  accessibility ${r.accessibility.toFixed(2)}  (${metrics})`,
    );
    console.log(`  LCP element: ${r.lcpElement ?? 'none'}`);
    for (const shift of r.shifts) console.log(`  layout shift: ${shift}`);
    for (const failure of r.failures) console.log(`  accessibility: ${failure}`);
  }
  ok = results.every(meetsBar);
  console.log(
    ok
      ? 'Lighthouse: OK'
      : `Lighthouse: under the bar (performance >= ${BAR.performance}, accessibility ${BAR.accessibility})`,
  );
} finally {
  await app.stop();
}
process.exit(ok ? 0 : 1);
