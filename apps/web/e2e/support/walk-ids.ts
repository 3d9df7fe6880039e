/**
 * The ids the page walk's addresses name, looked up through the API as the signed-in demo user
 * sees them (also used by bench/lighthouse.ts).
 */
import { DEMO_PASSWORD, DEMO_USERS, type SeededIdName, type WalkRow } from '../page-walk-table.ts';

/** A user's view of the API (the JSON sign-in, which both flows offer), answers kept for reuse. */
export async function apiAs(hub: { baseUrl: string }, email: string) {
  const signIn = await fetch(`${hub.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const answers = new Map<string, Promise<unknown>>();
  return <T>(path: string): Promise<T> => {
    if (!answers.has(path)) {
      answers.set(
        path,
        fetch(`${hub.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => {
          if (!r.ok) throw new Error(`looking up walk ids as ${email}: ${r.status} for GET ${path}`);
          return r.json();
        }),
      );
    }
    return answers.get(path) as Promise<T>;
  };
}
type Api = Awaited<ReturnType<typeof apiAs>>;
type Paged<T> = { result: T[] };
type AccountUser = { id: string; email: string; manageable: boolean };

/** The first item of a seeded list, or a clear failure when the demo data has none. */
export function first<T>(items: readonly T[], what: string): T {
  if (!items[0]) throw new Error(`the demo data holds no ${what} for the walk`);
  return items[0];
}

export type SeededIds = Record<SeededIdName, () => Promise<string>>;

/** Each id a path may name, found the way the user would: in the first rows of their lists. */
export function seededIds(api: Api, email: string, account: number): SeededIds {
  const firstRow = async <T>(list: string, what: string) =>
    first((await api<Paged<T>>(`${list}?activeAccountId=${account}&pageSize=10`)).result, what);
  type EdiItem = { documentId: string; messageId: string; consignmentId: string };
  const ediDocument = () => firstRow<EdiItem>('/api/tracking/ets/documents', 'EDI document');
  const ediMessage = () => firstRow<EdiItem>('/api/tracking/ets/messages', 'EDI message');
  // Someone else of the account, whose page the signed-in administrator may edit.
  const otherUser = async () => {
    const users = await api<AccountUser[]>(`/api/customers/${account}/users`);
    return first(
      users.filter((u) => u.manageable && u.email !== email),
      'other user of the account',
    ).id;
  };
  const service = async (shortName: string) => {
    const services = await api<{ id: number; shortName: string }[]>('/api/services');
    return String(
      first(
        services.filter((s) => s.shortName === shortName),
        `service ${shortName}`,
      ).id,
    );
  };
  return {
    fileId: async () => String((await firstRow<{ id: number }>('/api/tracking/stt/files', 'file')).id),
    documentId: async () =>
      String((await firstRow<{ id: number }>('/api/tracking/stt/documents', 'document')).id),
    consignmentId: async () =>
      (await firstRow<EdiItem>('/api/tracking/ets/consignments', 'EDI consignment')).consignmentId,
    ediDocumentId: async () => (await ediDocument()).documentId,
    ediDocumentConsignmentId: async () => (await ediDocument()).consignmentId,
    ediMessageId: async () => (await ediMessage()).messageId,
    ediMessageConsignmentId: async () => (await ediMessage()).consignmentId,
    caseId: async () => {
      const { cases } = await api<{ cases: { caseId: number }[] }>(
        `/api/support/cases?activeAccountId=${account}&pageSize=10`,
      );
      return String(first(cases, 'support case').caseId);
    },
    customerId: async () => String(account),
    customerUserId: otherUser,
    accountUserId: otherUser,
    userId: async () =>
      first(await api<{ id: string }[]>(`/api/v3/users/search?email=${DEMO_USERS.user}`), 'customer user').id,
    sttServiceId: () => service('STT'),
    serviceId: () => service('ETS'),
  };
}

/** The row's address with its `:name`s filled from the seeded data. */
export async function addressOf(row: WalkRow, ids: SeededIds): Promise<string> {
  let address = row.path;
  for (const [placeholder, name] of row.path.matchAll(/:(\w+)/g)) {
    address = address.replace(placeholder, encodeURIComponent(await ids[name as SeededIdName]()));
  }
  return address;
}
