import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize, type SortDirection } from '@service-hub/contracts';

/**
 * What a filtered, sorted and paged list shows, kept in the address (spec: a link reproduces the
 * view; back and forward work). Other parameters, such as activeAccountId, are left alone.
 */
export type ListDefinition<F extends string = string, S extends string = string> = {
  /** Query parameter names of the filters, as the API names them. */
  filters: readonly F[];
  sorts: readonly S[];
  defaultSort: S;
  /** The direction a column sorts in first (dates newest first). */
  defaultDirection: (sort: S) => SortDirection;
};

export type ListState<F extends string = string, S extends string = string> = {
  filters: Partial<Record<F, string>>;
  sortBy: S;
  sortDirection: SortDirection;
  page: number;
  pageSize: PageSize;
};

export type ListChange<F extends string, S extends string> = Partial<Omit<ListState<F, S>, 'filters'>> & {
  /** Replaces every filter (a cleared filter is simply left out). */
  filters?: Partial<Record<F, string>>;
};

const positive = (value: string | null) => {
  const n = value === null ? Number.NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export function readListState<F extends string, S extends string>(
  params: URLSearchParams,
  definition: ListDefinition<F, S>,
): ListState<F, S> {
  const filters: Partial<Record<F, string>> = {};
  for (const name of definition.filters) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const sort = params.get('sortBy');
  const sortBy = definition.sorts.find((s) => s === sort) ?? definition.defaultSort;
  const direction = params.get('sortDirection');
  const pageSize = positive(params.get('pageSize'));
  return {
    filters,
    sortBy,
    sortDirection:
      direction === 'asc' || direction === 'desc' ? direction : definition.defaultDirection(sortBy),
    page: positive(params.get('page')) ?? 1,
    pageSize: PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
  };
}

/**
 * The address after a change. Defaults are left out so links stay short; a change of filters,
 * sort or page size starts again at page 1.
 */
export function writeListState<F extends string, S extends string>(
  params: URLSearchParams,
  change: ListChange<F, S>,
  definition: ListDefinition<F, S>,
): URLSearchParams {
  const current = readListState(params, definition);
  const next = new URLSearchParams(params);
  const filters = change.filters ?? current.filters;
  for (const name of definition.filters) {
    const value = filters[name]?.trim();
    if (value) next.set(name, value);
    else next.delete(name);
  }
  const sortBy = change.sortBy ?? current.sortBy;
  const sortDirection =
    change.sortDirection ?? (change.sortBy ? definition.defaultDirection(sortBy) : current.sortDirection);
  const resetsPage =
    change.filters !== undefined ||
    change.sortBy !== undefined ||
    change.sortDirection !== undefined ||
    change.pageSize !== undefined;
  const page = change.page ?? (resetsPage ? 1 : current.page);
  const pageSize = change.pageSize ?? current.pageSize;
  const set = (name: string, value: string | number, fallback: string | number) =>
    value === fallback ? next.delete(name) : next.set(name, String(value));
  set('sortBy', sortBy, definition.defaultSort);
  set('sortDirection', sortDirection, definition.defaultDirection(sortBy));
  set('page', page, 1);
  set('pageSize', pageSize, DEFAULT_PAGE_SIZE);
  return next;
}

/** The list's state from the address and a way to change it (each change is a history entry). */
export function useListState<F extends string, S extends string>(definition: ListDefinition<F, S>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, definition), [params, definition]);
  const change = useCallback(
    (update: ListChange<F, S>) => setParams((previous) => writeListState(previous, update, definition)),
    [setParams, definition],
  );
  return { state, change };
}

/**
 * The API request of a list state, parsed by the operation's own query schema so it has the
 * contract's type (send it with `toQuery`). A filter the schema refuses (an address edited by hand)
 * is left out of the request: the filter panel checks the same schema and says what is wrong.
 */
export function toListRequest<T>(
  schema: z.ZodType<T>,
  state: ListState,
  extra: Readonly<Record<string, string>> = {},
): T {
  let filters: Partial<Record<string, string>> = state.filters;
  const request = () => ({
    ...filters,
    ...extra,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
    page: state.page,
    pageSize: state.pageSize,
  });
  for (;;) {
    const result = schema.safeParse(request());
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const kept = Object.entries(filters).filter(([name]) => !refused.has(name));
    // Sort and paging come checked from readListState: with no filter left to drop, none was wrong.
    if (kept.length === Object.keys(filters).length) return schema.parse({ ...extra });
    filters = Object.fromEntries(kept);
  }
}

/** The list's view (filters, sort, page size) as a query string, for saved views and links. */
export function viewQueryOf(state: ListState): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters)) if (value) params.set(name, value);
  params.set('sortBy', state.sortBy);
  params.set('sortDirection', state.sortDirection);
  params.set('pageSize', String(state.pageSize));
  return params.toString();
}

let timeZone: string | undefined;

/**
 * The user's time zone, so "is 2026-03-15" means that day where the user is. Read once: asking
 * Intl makes a formatter, which costs milliseconds on a phone, and lists ask at every render.
 */
export function userTimeZone(): string {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Stockholm';
  return timeZone;
}

/** The address of a saved view: its query, in the current account (other parameters go). */
export function applyViewQuery(current: URLSearchParams, view: string): URLSearchParams {
  const next = new URLSearchParams(view);
  const account = current.get('activeAccountId');
  if (account) next.set('activeAccountId', account);
  return next;
}
