import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Features do not reach into each other: app.ts composes them (it hands the search the product pages
// through the small ProductPages interface the search defines). Tests included.

const FEATURES = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.isFile() && /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Module specifiers of every import/export ... from '...' and import('...') in a file. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe.each([
  ['search', 'products'],
  ['products', 'search'],
])('the %s feature', (feature, other) => {
  it(`imports nothing from the ${other} feature`, () => {
    const files = sources(join(FEATURES, feature));
    expect(files.length).toBeGreaterThan(3);
    const offending = files.flatMap((file) =>
      specifiers(file)
        .filter((spec) => spec.startsWith('.') && join(file, '..', spec).startsWith(join(FEATURES, other)))
        .map((spec) => `${relative(FEATURES, file)} -> ${spec}`),
    );
    expect(offending).toEqual([]);
  });
});
