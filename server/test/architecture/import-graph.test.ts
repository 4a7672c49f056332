import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import graphs of server/src, web/src and shared/src, drawn from the import statements of every
// .ts/.tsx file (tests included): none may have a cycle, and their edges must keep the boundaries of
// docs/decisions/016 and 149 in the real code.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const WEB = fileURLToPath(new URL('../../../web/src/', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../shared/src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.isFile() && /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Specifiers of `import … from`, `import '…'`, `export … from` and `import('…')`, comments removed. */
function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

/** The file a relative specifier names (x, x.ts, x.tsx, x/index.ts), or null for packages and non-ts files. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

type Graph = Map<string, string[]>;

/** Edges between files of `root` (default server/src); imports that leave it are kept only with `keepOutside`. */
function importGraph(
  files: string[],
  read: (file: string) => string = (f) => readFileSync(f, 'utf8'),
  root = SRC,
  keepOutside = false,
): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = specifiers(read(file))
      .map((spec) => resolveImport(file, spec))
      .filter((t): t is string => t !== null && (keepOutside || t.startsWith(root)));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function findCycles(graph: Graph): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Every file `from` imports, directly or through the files it imports. */
function reachable(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const walk = (node: string) => {
    for (const next of graph.get(node) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      walk(next);
    }
  };
  walk(from);
  return seen;
}

const rel = (file: string) => relative(SRC, file).replaceAll('\\', '/');
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(rel(file))?.[1];
const COMPOSITION = new Set(['app.ts', 'app-deps.ts', 'compose.ts', 'server.ts', 'main.ts']);

describe('server/src import graph', () => {
  const graph = importGraph(sources(SRC));

  it('is drawn from every source file', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(join(SRC, 'app.ts'))).toContain(join(SRC, 'features/accounts/accounts.module.ts'));
  });

  it('has no cycle', () => {
    expect(findCycles(graph).map((cycle) => cycle.map(rel).join(' -> '))).toEqual([]);
  });

  it('keeps the boundaries: no sideways feature import, nothing up from lib/db/config/ports or to the root', () => {
    const offending: string[] = [];
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      const floor = /^(lib|db|config|ports)\//.test(rel(file));
      for (const target of targets) {
        const to = featureOf(target);
        const sideways = from && to && to !== from;
        const upward = (floor && to) || (from && COMPOSITION.has(rel(target)));
        if (sideways || upward) offending.push(`${rel(file)} -> ${rel(target)}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('keeps demo mode at the edge: no feature imports demo/ outside its tests (ADR 145)', () => {
    const offending: string[] = [];
    for (const [file, targets] of graph) {
      if (!featureOf(file) || /\.test(-support)?\.ts$/.test(file)) continue;
      for (const target of targets)
        if (rel(target).startsWith('demo/')) offending.push(`${rel(file)} -> ${rel(target)}`);
    }
    expect(offending).toEqual([]);
  });

  it('lets no command-line tool reach server.ts or the HTTP listener (they compose through compose.ts, ADR 252)', () => {
    const tools = [...graph.keys()].filter((f) => /\.cli\.ts$|^retailers\/check\.ts$/.test(rel(f)));
    expect(tools.length).toBe(14);
    // Directly or through any module they import: a tool opens the database through db/cli-database.ts,
    // or runs one pass of an app job on the app composed by compose.ts, and listens on no port.
    const serving = new Set(['server.ts', 'lib/http-server.ts']);
    const offending = tools.flatMap((tool) =>
      [...reachable(graph, tool)].filter((f) => serving.has(rel(f))).map((f) => `${rel(tool)} -> ${rel(f)}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const [a, b, c] = ['features/x/a.ts', 'features/x/b.ts', 'lib/c.ts'].map((f) => join(SRC, f)) as [
      string,
      string,
      string,
    ];
    const cyclic: Graph = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a]],
    ]);
    expect(findCycles(cyclic).map((cycle) => cycle.map(rel))).toEqual([
      ['features/x/a.ts', 'features/x/b.ts', 'lib/c.ts', 'features/x/a.ts'],
    ]);
    expect(
      findCycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads every form of import statement', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import './side-effect';",
      "export * from './c';",
      "export { d } from './d';",
      "const e = await import('./e');",
      "// import { f } from './commented';",
      'import {\n  g,\n  h,\n} from "./gh";',
    ].join('\n');
    expect(specifiers(text)).toEqual(['./a', '../b', './side-effect', './c', './d', './e', './gh']);
  });
});

describe('web/src import graph', () => {
  const graph = importGraph(sources(WEB), undefined, WEB);
  const web = (file: string) => relative(WEB, file).replaceAll('\\', '/');
  const feature = (file: string) => /^features\/([^/]+)\//.exec(web(file))?.[1];
  const isTest = (file: string) => /\.test\.tsx?$/.test(file);

  it('is drawn from every source file', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get(join(WEB, 'app/root.tsx'))).toContain(join(WEB, 'app/layout/splash.tsx'));
  });

  it('has no cycle', () => {
    expect(findCycles(graph).map((cycle) => cycle.map(web).join(' -> '))).toEqual([]);
  });

  it('keeps the domain map (ADR 149): no file of a feature imports another feature, the app or the first screen', () => {
    const offending: string[] = [];
    for (const [file, targets] of graph) {
      const from = feature(file);
      if (!from) continue;
      for (const target of targets) {
        const to = feature(target);
        const sideways = to && to !== from;
        const upward = /^(app\/|main\.tsx$)/.test(web(target));
        const firstScreen = /^first-screen\//.test(web(target));
        if (sideways || upward || firstScreen) offending.push(`${web(file)} -> ${web(target)}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('keeps the floor below: lib/ and db/ import no feature, no app and no first screen', () => {
    const offending: string[] = [];
    for (const [file, targets] of graph) {
      if (!/^(lib|db)\//.test(web(file)) || isTest(file)) continue;
      for (const target of targets)
        if (/^(features|app|first-screen)\/|^main\.tsx$/.test(web(target)))
          offending.push(`${web(file)} -> ${web(target)}`);
    }
    expect(offending).toEqual([]);
  });

  it('names every feature for a domain, and the shell lives in app/, not in features/', () => {
    const features = new Set([...graph.keys()].map(feature).filter(Boolean));
    for (const shell of ['layout', 'update', 'google', 'pharmacist-gate', 'not-found', 'not-available'])
      expect(features.has(shell), shell).toBe(false);
    for (const domain of ['accounts', 'alerts', 'basket', 'billing', 'contact', 'price-history', 'products', 'search'])
      expect(features.has(domain), domain).toBe(true);
  });
});

describe('shared/src import graph', () => {
  const files = sources(SHARED);
  const graph = importGraph(files, undefined, SHARED, true);
  const shared = (file: string) => relative(SHARED, file).replaceAll('\\', '/');

  it('is drawn from every source file', () => {
    expect(graph.size).toBeGreaterThan(40);
  });

  it('has no cycle', () => {
    expect(findCycles(graph).map((cycle) => cycle.map(shared).join(' -> '))).toEqual([]);
  });

  it('imports nothing outside the package: no web, no server, not itself by name', () => {
    const offending: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets) if (!target.startsWith(SHARED)) offending.push(`${shared(file)} -> ${target}`);
    for (const file of files)
      if (specifiers(readFileSync(file, 'utf8')).some((spec) => spec.startsWith('@pharmaradar/')))
        offending.push(`${shared(file)} -> @pharmaradar/*`);
    expect(offending).toEqual([]);
  });

  it('has no barrel: no index file, so callers name the module they need (ADR 149)', () => {
    expect(files.filter((file) => /(^|\/)index\.tsx?$/.test(shared(file)))).toEqual([]);
  });
});
