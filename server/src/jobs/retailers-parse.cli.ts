import { readFileSync } from 'node:fs';
import { PARSE_USAGE, parseSavedPage } from '../retailers/saved-page';
import { readCliArgs } from './cli-args';

// `npm run retailers:parse -- <retailer> <saved page>`: prints, as JSON, the offers the connector
// reads from a saved search or product page; exit code 1 with the reason when it cannot.

const { positionals } = readCliArgs(process.argv.slice(2), { usage: PARSE_USAGE, positionals: [2, 2] }, 1);
const outcome = parseSavedPage(positionals, (file) => readFileSync(file, 'utf8'));
if (outcome.stdout) console.log(outcome.stdout);
if (outcome.stderr) console.error(outcome.stderr);
process.exit(outcome.code);
