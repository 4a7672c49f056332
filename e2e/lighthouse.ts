// npm run lighthouse: the built app served by the real server in demo mode (fresh temp DATA_DIR, free
// port, as the journeys run it), Lighthouse on the home page and a product landing page, scores
// printed; exits 1 under the bar of issue 8 (performance >= 0.90, accessibility 1.00, mobile).
import { startApp } from './support/harness';
import { auditPages, BAR, meetsBar, productLandingUrl } from './support/lighthouse-audit';

const app = await startApp();
let ok: boolean;
try {
  const results = await auditPages([`${app.url}/`, await productLandingUrl(app.url)]);
  for (const r of results) {
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
