import { readCliArgs } from './cli-args';
import { runSmoke } from './smoke';

// npm run smoke -- <url>: prints one line per check and exits 1 when any fails.
const USAGE = 'usage: npm run smoke -- <https://your.instance>';
const [url = ''] = readCliArgs(process.argv.slice(2), { usage: USAGE, positionals: [1, 1] }).positionals;
if (!/^https?:\/\//.test(url)) {
  console.error(USAGE);
  process.exit(2);
}
const results = await runSmoke(url);
for (const { name, ok, detail } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
