import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { resolveFromRoot } from './paths';

export class EnvFileError extends Error {
  override name = 'EnvFileError';
}

/** The operator's settings file, at the repository root (see .env.example for every variable). */
export const ENV_FILE = resolveFromRoot('.env');

/**
 * The process environment with the `.env` file's values underneath: a variable set in the
 * environment (systemd, the shell, a test) wins over the file, as with Node's own `--env-file`. No
 * file is no error: most deployments set the environment directly. Node's parser is used rather than
 * a library so the file means what `node --env-file` would make of it (ADR 172).
 */
export function environmentWithEnvFile(
  environment: NodeJS.ProcessEnv = process.env,
  path: string = ENV_FILE,
): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return environment;
    throw new EnvFileError(`Invalid configuration:\n  .env: cannot read ${path} (${(error as Error).message})`);
  }
  return { ...parseEnv(text), ...environment };
}
