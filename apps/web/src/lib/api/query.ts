/**
 * A request typed by the contract's `T<Operation>Request` (what the API's schema produces: numbers,
 * arrays of vocabulary values, dates) in the form the API reads from a query string. Building list
 * requests through this lets the compiler compare each one with the operation, where a cast would
 * hide a page size or a status the API refuses.
 */
export type WireQuery<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: WireValue<T[K]>;
} & {
  [K in keyof T as undefined extends T[K] ? K : never]?: WireValue<Exclude<T[K], undefined>>;
};

type WireValue<V> = V extends readonly unknown[] ? string : V extends Date ? string : V;

/**
 * Arrays become comma-separated (`status=ERROR,NOT_EXISTS`, as `ZEnumList` and the id lists read
 * them), dates ISO 8601, numbers and strings stay; empty values are left out.
 */
export function toQuery<T extends object>(request: T): WireQuery<T> {
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query[name] = value.join(',');
    } else if (value instanceof Date) query[name] = value.toISOString();
    else query[name] = value;
  }
  return query as WireQuery<T>;
}
