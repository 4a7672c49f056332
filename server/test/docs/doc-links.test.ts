import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Links into the project's documents keep working: every `docs/….md#section` written anywhere in the
// code, and every relative link between the documents, names a file and a heading that exist
// (ADR 138: headings of docs/product.md and docs/architecture.md are the code's link targets).

const ROOT = resolve(import.meta.dirname, '../../..');
const SCANNED = [
  'README.md',
  'docs',
  'sqlite',
  'shared/src',
  'server/src',
  'server/test',
  'server/bench',
  'web/src',
  'e2e',
];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', 'artifacts']);

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isDirectory())
    return readdirSync(full).flatMap((name) => (SKIPPED.has(name) ? [] : files(join(path, name))));
  return /\.(ts|tsx|md|sql|css|mjs)$/.test(path) ? [path] : [];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    anchors = new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

function check(from: string, target: string, anchor: string | undefined): string | null {
  if (!existsSync(join(ROOT, target))) return `${from} links to ${target}, which does not exist.`;
  if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor))
    return `${from} links to ${target}#${anchor}, but ${target} has no heading with that anchor.`;
  return null;
}

describe('links into docs/', () => {
  it('slugs headings the way GitHub does', () => {
    expect(slug('Pro allowance')).toBe('pro-allowance');
    expect(slug('Offline-first and sync')).toBe('offline-first-and-sync');
    expect(slug('Plans, checkout and subscription')).toBe('plans-checkout-and-subscription');
  });

  it('every docs/….md#section in the code and every link between documents names an existing heading', () => {
    const problems: string[] = [];
    for (const file of SCANNED.flatMap(files)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/\bdocs\/([\w/.-]+\.md)(?:#([\w-]+))?/g)) {
        const problem = check(file, `docs/${m[1]!}`, m[2]);
        if (problem) problems.push(problem);
      }
      if (!file.endsWith('.md')) continue;
      // Markdown links relative to the document: [text](other.md#section), [text](#section).
      for (const m of text.matchAll(/\]\((?!https?:|mailto:)([^)\s#]*)(?:#([\w-]+))?\)/g)) {
        const target = m[1] ? relative(ROOT, resolve(ROOT, dirname(file), m[1])) : file;
        const problem = check(file, target, m[2]);
        if (problem) problems.push(problem);
      }
    }
    expect(problems.join('\n')).toBe('');
  });
});
