import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What a command accepts: its usage line, its options, and how many plain arguments (min, max). */
export type CliSpec<O extends Options> = {
  usage: string;
  options?: O;
  positionals: readonly [min: number, max: number];
};

export type CliArgs<O extends Options> = Pick<
  ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>,
  'values' | 'positionals'
>;

/** `--help` / `-h` on every command: the usage line, exit 0. */
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * A command's arguments read by node:util's parseArgs: the usage line when asked for (--help), an error
 * line (unknown option, option without its value, too few or too many arguments), or the values.
 */
export function parseCliArgs<const O extends Options>(
  args: readonly string[],
  spec: CliSpec<O>,
): CliArgs<O> | { error: string } | { help: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...spec.options, ...HELP },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    // Node's own wording suggests `-- "--x"`, which npm would eat: name the option and show the usage.
    const option = /'([^']+)'/.exec(message)?.[1];
    const reason = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option ? `unknown option ${option}` : message;
    return { error: `${reason}\n${spec.usage}` };
  }
  if (parsed.values.help) return { help: spec.usage };
  const [min, max] = spec.positionals;
  if (parsed.positionals.length < min || parsed.positionals.length > max) return { error: spec.usage };
  return { values: parsed.values, positionals: parsed.positionals } as CliArgs<O>;
}

/**
 * parseCliArgs for a command's main: prints the usage line and exits (0 for --help, else `exitCode`)
 * before the command opens the database or touches anything.
 */
export function readCliArgs<const O extends Options>(
  args: readonly string[],
  spec: CliSpec<O>,
  exitCode = 2,
): CliArgs<O> {
  const read = parseCliArgs(args, spec);
  if ('help' in read) {
    console.log(read.help);
    process.exit(0);
  }
  if ('error' in read) {
    console.error(read.error);
    process.exit(exitCode);
  }
  return read;
}
