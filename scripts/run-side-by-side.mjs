#!/usr/bin/env node
// `node scripts/run-side-by-side.mjs typecheck lint`: runs those npm scripts at the same time and fails
// when any of them fails. The type checker and the linters each use one core, so two of them side by
// side on a 2-core machine take about as long as the longer one. Each one's output is printed whole
// when it ends (not interleaved line by line), with how long it took.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-side-by-side.mjs <npm script> [<npm script>...]');
  process.exit(2);
}

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', name], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${String(error)}\n`, started }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, started }));
  }).then((result) => {
    const seconds = Math.round((Date.now() - result.started) / 1000);
    process.stdout.write(result.output);
    console.log(`npm run ${name}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${seconds} s`);
    return result.code;
  });
}

const codes = await Promise.all(names.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
