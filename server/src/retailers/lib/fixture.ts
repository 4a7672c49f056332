import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RetailerError, type RetailerFailure } from '../types';

/** Reads a saved page from `<retailer>/fixtures/`. */
export function fixture(retailer: string, name: string): string {
  return readFileSync(join(import.meta.dirname, '..', retailer, 'fixtures', name), 'utf8');
}

/** The RetailerError kind thrown by fn, or 'no error'. */
export function failureOf(fn: () => unknown): RetailerFailure | 'no error' | 'other error' {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return err instanceof RetailerError ? err.kind : 'other error';
  }
}

/** Every saved page under `<retailer>/fixtures/`, as [retailer/fixtures/name, text]. */
export function allFixtures(): Array<[string, string]> {
  const root = join(import.meta.dirname, '..');
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'fixtures')))
    .flatMap((d) =>
      readdirSync(join(root, d.name, 'fixtures')).map((name): [string, string] => [
        `${d.name}/fixtures/${name}`,
        readFileSync(join(root, d.name, 'fixtures', name), 'utf8'),
      ]),
    );
}
