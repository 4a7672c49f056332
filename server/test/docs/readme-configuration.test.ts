import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../src/config/env-variables';

// The environment is described once: server/src/config/env-variables.ts declares every variable and its
// default, and the README's configuration table must list the same names with the same defaults
// (ADR 139). Descriptions are not compared. Build-time web variables (VITE_*) are not the server's.

const README = resolve(import.meta.dirname, '../../../README.md');

interface TableRow {
  name: string;
  default: string;
}

/** The rows of the first table under "## Configuration": `| \`NAME\` | default | what it does |`. */
function configurationTable(markdown: string): TableRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Configuration'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  return section.split('\n').flatMap((line) => {
    const m = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*(.*?)\s*\|/.exec(line);
    return m ? [{ name: m[1]!, default: m[2]!.replace(/`/g, '').trim() }] : [];
  });
}

function rowFor(name: string): string {
  const variable = ENV_VARIABLES.find((v) => v.name === name)!;
  const value = variable.default.startsWith('(') ? variable.default : `\`${variable.default}\``;
  return `| \`${name}\` | ${value} | ${variable.description} |`;
}

describe('README configuration table', () => {
  it('lists exactly the variables of env-variables.ts, with the same defaults', () => {
    const rows = configurationTable(readFileSync(README, 'utf8')).filter((row) => !row.name.startsWith('VITE_'));
    const declared = new Map(ENV_VARIABLES.map((v) => [v.name, v.default]));
    const listed = new Map(rows.map((row) => [row.name, row.default]));
    const problems = [
      ...[...declared.keys()]
        .filter((name) => !listed.has(name))
        .map((name) => `${name} is declared in env-variables.ts but missing from README.md. Add:\n  ${rowFor(name)}`),
      ...[...listed.keys()]
        .filter((name) => !declared.has(name))
        .map(
          (name) => `${name} is in README.md's table but not in server/src/config/env-variables.ts: remove the row.`,
        ),
      ...[...listed]
        .filter(([name, value]) => declared.has(name) && declared.get(name) !== value)
        .map(
          ([name, value]) =>
            `${name}: README.md says the default is '${value}', env-variables.ts says '${declared.get(name)}'; make the README cell '${declared.get(name)}'.`,
        ),
      ...rows
        .filter((row, i) => rows.findIndex((r) => r.name === row.name) !== i)
        .map((row) => `${row.name} is listed twice in README.md.`),
    ];
    expect(problems.join('\n')).toBe('');
  });
});
