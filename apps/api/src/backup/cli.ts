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
