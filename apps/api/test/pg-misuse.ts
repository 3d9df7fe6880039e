import pg from 'pg';

/**
 * Two ways of using pg that pg 9 removes, which the API and browser tests fail on:
 * - any DeprecationWarning of pg, such as "Calling client.query() when the client is already
 *   executing a query", which pg prints only once per process and only when a third query queues;
 * - a query sent to a client that has not answered the previous one yet (Promise.all on the client
 *   of a transaction, a query from a 'connect' listener), which pg 8 quietly queues: the stack of the
 *   second query names the caller.
 */
const FROM_PG = /[\\/]node_modules[\\/](pg|pg-pool|pg-protocol|pg-cursor|pg-copy-streams)[\\/]/;

export function isPgDeprecation(warning: Error): boolean {
  return (
    warning.name === 'DeprecationWarning' &&
    (FROM_PG.test(warning.stack ?? '') || /\bpg@\d/.test(warning.message))
  );
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** Watches this process's pg clients from now on; `check` throws what it saw since the last check. */
export function watchPgMisuse() {
  const seen: string[] = [];
  const onWarning = (warning: Error) => {
    if (isPgDeprecation(warning)) seen.push(warning.stack ?? `${warning.name}: ${warning.message}`);
  };
  process.on('warning', onWarning);

  // Queries of each client not yet answered: counted from the call until its promise or callback
  // settles, which pg does once the server has finished it. Streams and cursors are not counted.
  const pending = new WeakMap<pg.Client, number>();
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const query = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if ((pending.get(this) ?? 0) > 0) {
      const error = new Error('client.query() while the client is still executing another query');
      Error.captureStackTrace(error, prototype.query);
      seen.push(error.stack!);
    }
    const settled = () => pending.set(this, (pending.get(this) ?? 1) - 1);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        settled();
        return (callback as (...values: unknown[]) => unknown)(...results);
      };
    }
    const result = query.apply(this, args);
    const counted = typeof callback === 'function' || result instanceof Promise;
    if (counted) pending.set(this, (pending.get(this) ?? 0) + 1);
    if (result instanceof Promise) result.then(settled, settled);
    return result;
  };

  return {
    check(where: string) {
      const found = seen.splice(0);
      if (found.length > 0) throw new Error(`pg misuse ${where}:\n\n${found.join('\n\n')}`);
    },
    stop() {
      process.off('warning', onWarning);
      prototype.query = query;
    },
  };
}
