// npm run lighthouse: the built app served by the real server in demo mode (fresh temp DATA_DIR, free
// port, as the journeys run it), Lighthouse on the home page and a product landing page, scores
// printed; exits 1 under the bar of issue 8 (performance >= 0.90, accessibility 1.00, mobile).
import { startApp } from './support/harness';
import { auditPages, BAR, meetsBar } from './support/lighthouse-audit';

const app = await startApp();
let ok: boolean;
try {
  // A product has a landing page once a search has seen it: search once, take the first product's page.
  const search = (await (
    await fetch(`${app.url}/api/search?q=dafalgan`, { headers: { Accept: 'application/json' } })
  ).json()) as {
    products: Array<{ slug: string | null }>;
  };
  const slug = search.products.find((p) => p.slug)?.slug;
  if (!slug) throw new Error('the demo search found no product with a landing page');
  const results = await auditPages([`${app.url}/`, `${app.url}/${slug}`]);
  for (const r of results) {
    const metrics = Object.entries(r.metrics)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `${r.url}\n  performance ${r.performance.toFixed(2)}  accessibility ${r.accessibility.toFixed(2)}  (${metrics})`,
    );
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
