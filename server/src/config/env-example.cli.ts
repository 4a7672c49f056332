import { writeFileSync } from 'node:fs';
import { renderEnvExample } from './env-example';
import { resolveFromRoot } from './paths';

// `npm run env:example`: rewrites .env.example from the list of variables.
const path = resolveFromRoot('.env.example');
writeFileSync(path, renderEnvExample());
console.log(`wrote ${path}`);
