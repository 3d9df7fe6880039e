/**
 * A refusal or failure the operator can act on (a bad folder, a non-empty target, another
 * release's backup): the command line prints its one-sentence message without a stack trace.
 */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
