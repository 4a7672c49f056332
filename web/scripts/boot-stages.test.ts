// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unrequestedBootFiles } from './boot-stages.mjs';
import { checkBudget } from './check-budget.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build in miniature: the entry imports boot, boot imports React DOM and the app in stages, and a lazy page. */
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/app/boot.tsx'] },
  'src/app/boot.tsx': {
    file: 'assets/boot.js',
    imports: ['index.html'],
    dynamicImports: ['src/app/react-dom-stage.ts', 'src/app/start-app.tsx', 'src/lazy.ts'],
  },
  'src/app/react-dom-stage.ts': { file: 'assets/client.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/app/start-app.tsx': {
    file: 'assets/start-app.js',
    imports: ['src/app/react-dom-stage.ts', '_react.js', '_router.js'],
  },
  '_router.js': { file: 'assets/router.js' },
  'src/app/pages/home.page.tsx': { file: 'assets/home.page.js', imports: ['_router.js'] },
  'src/lazy.ts': { file: 'assets/lazy.js' },
};

/** The build with `preloads` as the entry's preload list for its import of boot. */
function build(preloads: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boot-stages-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'));
  for (const { file } of Object.values(manifest)) writeFileSync(path.join(dir, file), 'x'.repeat(100));
  writeFileSync(
    path.join(dir, 'assets', 'index.js'),
    `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(preloads)})))=>i.map(i=>d[i]);`,
  );
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const everyStage = ['assets/boot.js', 'assets/client.js', 'assets/react.js', 'assets/start-app.js', 'assets/router.js'];

describe('the app start in stages', () => {
  it('is right when the import of boot requests every stage and what the stages import', () => {
    const dir = build(everyStage);
    expect(unrequestedBootFiles(dir, manifest)).toEqual([]);
    expect(checkBudget(dir).ok).toBe(true);
  });

  it('names the files a stage would wait for, and fails the budget check', () => {
    const dir = build(['assets/boot.js', 'assets/client.js', 'assets/react.js']);
    expect(unrequestedBootFiles(dir, manifest)).toEqual(['assets/start-app.js', 'assets/router.js']);
    const report = checkBudget(dir);
    expect(report.ok).toBe(false);
    expect(report.withinBudget).toBe(true);
  });

  it('counts the stages in the home page JavaScript, not boot’s other dynamic imports', () => {
    const files = checkBudget(build(everyStage))
      .files.map((f) => f.file)
      .sort();
    expect(files).toEqual([
      'assets/boot.js',
      'assets/client.js',
      'assets/home.page.js',
      'assets/index.js',
      'assets/react.js',
      'assets/router.js',
      'assets/start-app.js',
    ]);
  });
});
