/** A count of 0 for every key: the start of an API answer's counts by status or by channel. */
export const zeroCounts = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
