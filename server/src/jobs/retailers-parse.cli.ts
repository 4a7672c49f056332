import { readFileSync } from 'node:fs';
import { parseSavedPage } from '../retailers/saved-page';

// `npm run retailers:parse -- <retailer> <saved page>`: prints, as JSON, the offers the connector
// reads from a saved search or product page; exit code 1 with the reason when it cannot.

const outcome = parseSavedPage(process.argv.slice(2), (file) => readFileSync(file, 'utf8'));
if (outcome.stdout) console.log(outcome.stdout);
if (outcome.stderr) console.error(outcome.stderr);
process.exit(outcome.code);
