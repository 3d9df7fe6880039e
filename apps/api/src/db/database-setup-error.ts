/**
 * The embedded PostgreSQL cannot start on this machine for a reason the person starting it can
 * fix; the message is one sentence that names the folder (or user) and the fix, and is printed
 * as it is, without a stack trace.
 */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
}

/** Why a file operation failed, in the operating system's words (e.g. EACCES). */
export function reasonOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
