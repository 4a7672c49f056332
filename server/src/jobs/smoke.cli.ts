import { runSmoke } from './smoke';

// npm run smoke -- <url>: prints one line per check and exits 1 when any fails.
const url = process.argv[2];
if (!url || !/^https?:\/\//.test(url)) {
  console.error('usage: npm run smoke -- <https://your.instance>');
  process.exit(2);
}
const results = await runSmoke(url);
for (const { name, ok, detail } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
