import { ENV_VARIABLES, type EnvVariableDoc } from './env-variables';

/**
 * The text of `.env.example`: every variable with its description and default, commented out so
 * that copying the file to `.env` changes nothing until a line is uncommented. Written by
 * `npm run env:example`; a test fails when the committed file is not this text.
 */
export function renderEnvExample(variables: readonly EnvVariableDoc[] = ENV_VARIABLES): string {
  const header = [
    '# PharmaRadar configuration. Copy this file to .env: the server and the command-line tools read it',
    '# at start-up, and a variable set in the environment wins over the file. Every variable is optional;',
    '# the value shown is the default. Generated from server/src/config/env-variables.ts by',
    '# `npm run env:example`: edit that list, not this file.',
  ];
  const blocks = variables.map((v) => `# ${v.description}\n# ${v.name}=${v.default}`);
  return `${header.join('\n')}\n\n${blocks.join('\n\n')}\n`;
}
