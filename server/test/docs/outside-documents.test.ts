import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The code, tests and documents cite only what a reader of the repository can open: docs/product.md,
// docs/architecture.md, docs/security.md, docs/retailers.md and the decision records (ADR 138). The
// briefs the project started from (the product specification, the design brief, the security, stack,
// retailer and SAM notes) are not in it, so a citation of one of them is a dead end.
// Left alone: sqlite/migrations (append-only, checksummed) and ADR 138, which tells that story.

const ROOT = resolve(import.meta.dirname, '../../..');
const SELF = relative(ROOT, import.meta.filename);
const LEFT_ALONE = [/^sqlite\/migrations\//, /^docs\/decisions\/138-/];
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'dist-ssr', 'artifacts', 'data']);

/** `SPEC.md`, `SECURITY §1.2` (also broken over a comment line), or a bare SPEC / DESIGN. */
const CITATION =
  /\b(?:SPEC|DESIGN|SECURITY|RETAILERS|STACK|SAM)(?:\.md\b|[ \t]*(?:\n[ \t]*(?:\*|\/\/|#|--)?)?[ \t]*§)|\b(?:SPEC|DESIGN)\b/g;

/** Each citation of an outside document in `text`, with its 1-based line. */
function citationsIn(text: string): { line: number; text: string }[] {
  return [...text.matchAll(CITATION)].map((m) => ({
    line: text.slice(0, m.index).split('\n').length,
    text: m[0].replace(/\s+/g, ' '),
  }));
}

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    if (SKIPPED_DIRS.has(name)) return [];
    const path = dir ? `${dir}/${name}` : name;
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path];
  });
}

/** The repository's tracked files (every file but build output and data when git is not at hand). */
function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  } catch {
    return walk('');
  }
}

describe('citations of documents outside the repository', () => {
  it('finds the forms such a citation takes', () => {
    expect(citationsIn('// price (RETAILERS.md §3)\nok\n * (SECURITY §1.2)').map((c) => c.line)).toEqual([1, 3]);
    expect(citationsIn(' * A Google-only account (SECURITY\n * §1.2): sign in again.')).toEqual([
      { line: 1, text: 'SECURITY * §' },
    ]);
    expect(citationsIn('see STACK.md, SAM.md and DESIGN.md: x; (SPEC: home has no layout)')).toHaveLength(4);
    expect(citationsIn('DESIGN §11 and SPEC §2')).toHaveLength(2);
    expect(citationsIn('RETAILERS: env.RETAILERS, SAM v2 export, docs/security.md#sessions, SPECIAL')).toEqual([]);
  });

  it('no tracked file cites the product specification, the design brief or the security, stack, retailer or SAM notes', () => {
    const problems: string[] = [];
    for (const file of trackedFiles()) {
      if (file === SELF || LEFT_ALONE.some((re) => re.test(file))) continue;
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue; // images, fonts, wasm
      for (const c of citationsIn(bytes.toString('utf8')))
        problems.push(
          `${file}:${c.line} cites "${c.text}", which is not in the repository: point at docs/product.md, ` +
            'docs/architecture.md, docs/security.md, docs/retailers.md (#section) or an ADR, or drop it.',
        );
    }
    expect(problems.join('\n')).toBe('');
  });
});
