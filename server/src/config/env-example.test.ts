import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEnvExample } from './env-example';
import { ENV_VARIABLES } from './env-variables';
import { resolveFromRoot } from './paths';

describe('.env.example', () => {
  const committed = readFileSync(resolveFromRoot('.env.example'), 'utf8');

  it('is the list of variables as `npm run env:example` writes it (run it after changing the list)', () => {
    expect(committed).toBe(renderEnvExample());
  });

  it('names every variable once, with its default', () => {
    for (const variable of ENV_VARIABLES) {
      expect(committed.split('\n').filter((line) => line.startsWith(`# ${variable.name}=`))).toEqual([
        `# ${variable.name}=${variable.default}`,
      ]);
    }
  });
});
