import { spawn, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';

/** Waits until something accepts TCP connections on the port, or `failed` says it never will. */
export async function waitForPort(port: number, failed: () => string | undefined, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A program of another vendor's (nginx, PgBouncer) run for a test as a process of its own. */
export type Daemon = { output: () => string; stop: () => Promise<void> };

/**
 * Starts `command` in the foreground, keeps the end of its output, and answers once it accepts
 * connections on `port`. `stop` sends `stopSignal`, waits for the exit and removes `dir` (its
 * configuration and logs); the test process's exit kills it, so none outlives a run.
 */
export async function startDaemon(options: {
  name: string;
  command: string;
  args: string[];
  spawnOptions?: SpawnOptions;
  port: number;
  stopSignal: NodeJS.Signals;
  dir: string;
}): Promise<Daemon> {
  const child = spawn(options.command, options.args, {
    ...options.spawnOptions,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const exited = once(child, 'exit').catch(() => undefined);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null && !spawnError) {
      child.kill(options.stopSignal);
      await exited;
    }
    await rm(options.dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(options.port, () =>
      spawnError || child.exitCode !== null
        ? `${options.name} did not start: ${String(spawnError ?? '')} ${output}`
        : undefined,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { output: () => output, stop };
}
