/** A path with its query, and the account it belongs to (a link reopens in that account). */
export function withQuery(
  path: string,
  accountId: number | undefined,
  query: Record<string, string> = {},
): string {
  const params = new URLSearchParams(query);
  if (accountId !== undefined) params.set('activeAccountId', String(accountId));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
