import { resolve } from 'node:path';
import { BackupError } from './backup-error.ts';

/** Exit codes of `npm run backup` and `npm run restore`. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * Ends the command on an error: a refusal (BackupError) as its one sentence, anything else as
 * one line too, the stack only with DEBUG set. Messages never hold a connection string.
 */
export function exitOnError(command: string, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof BackupError ? message : `${command} failed: ${message}`);
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
  process.exit(EXIT.failed);
}

/** A whole number ≥ 1 from an option, or a usage error. */
export function positiveInteger(option: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${option} must be a whole number ≥ 1, got '${value}'`);
    process.exit(EXIT.usage);
  }
  return n;
}

/** A path as typed: relative to the folder `npm run` was started in (npm moves into the package). */
export const fromStart = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/**
 * A command's options (`parse`, node:util parseArgs), its help on --help (exit 0), and a usage
 * error with the help (exit 2) for unknown options or a missing `required` folder option.
 */
export function parseCommand<V extends { help?: boolean }, K extends keyof V & string>(
  help: string,
  parse: () => V,
  required: K,
): V & Record<K, string> {
  let values: V;
  try {
    values = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${help}`);
    process.exit(EXIT.usage);
  }
  if (values.help) {
    console.log(help);
    process.exit(EXIT.ok);
  }
  const folder = values[required];
  if (typeof folder !== 'string' || folder === '') {
    console.error(`--${required} <folder> is required.\n\n${help}`);
    process.exit(EXIT.usage);
  }
  return { ...values, [required]: folder } as V & Record<K, string>;
}
