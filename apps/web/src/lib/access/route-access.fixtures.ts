import type { TCurrentUser, TCustomerSummary, TUserPermission } from '@service-hub/contracts';

/**
 * Users shaped like the demo sign-ins (README), for table-driven access tests: what each may
 * open follows from spec section 6 alone.
 */
const account = (id: number, name: string, market: TCustomerSummary['market']): TCustomerSummary => ({
  id,
  name,
  customerNumber: `${market}${100000 + id}`,
  market,
  organizationalNumber: null,
  isMFAEnabled: false,
  mfaType: null,
});

let nextPermissionId = 1;
const permission = (
  prefix: TUserPermission['prefix'],
  name: string,
  roles: string[] = [],
): TUserPermission => ({
  id: nextPermissionId++,
  prefix,
  name,
  roles,
});

const STT = [permission('STT', 'stt-appapi-client', ['READ_ALL']), permission('STT', 'CustomerUser')];
const ETS = [permission('ETS', 'edi-tracking-service', ['READ_ALL']), permission('ETS', 'CustomerUser')];
const SUP = [permission('SUP', 'CustomerUser')];
const EC = [permission('EC', 'CustomerUser')];
const WOD = [permission('WOD', 'CustomerUser')];
const EA = [permission('EA', 'CustomerUser')];

function user(
  email: string,
  roles: TCurrentUser['roles'][number]['name'][],
  grants: { customer: TCustomerSummary; permissions: TUserPermission[] }[],
): TCurrentUser {
  const customerUserPermissions = grants.flatMap((g) =>
    g.permissions.map((p) => ({
      customerId: g.customer.id,
      userId: '00000000-0000-4000-8000-000000000001',
      permission: p,
    })),
  );
  return {
    id: '00000000-0000-4000-8000-000000000001',
    username: email,
    firstName: 'Test',
    lastName: 'User',
    email,
    emailVerified: true,
    displayName: 'Test User',
    language: 'en-SE',
    roles: roles.map((name) => ({ name })),
    customers: grants.map((g) => g.customer),
    permissions: [...new Map(customerUserPermissions.map((p) => [p.permission.id, p.permission])).values()],
    customerUserPermissions,
    profile: { oid: '00000000-0000-4000-8000-000000000001', customerIds: grants.map((g) => g.customer.id) },
  };
}

export const GOTA = account(1, 'Göta Bostäder AB', 'SE');
export const MALARDALEN = account(2, 'Mälardalens Vatten AB', 'SE');
export const BERGEN = account(3, 'Bergen Boligbyggelag AS', 'NO');

export const customerUser = user(
  'user@example.com',
  ['CustomerUser'],
  [
    { customer: GOTA, permissions: [...STT, ...ETS, ...SUP, ...EC] },
    { customer: MALARDALEN, permissions: STT },
  ],
);

export const customerAdmin = user(
  'admin@example.com',
  ['CustomerAdministrator', 'ADMIN'],
  [
    { customer: MALARDALEN, permissions: [...STT, ...SUP, ...WOD, ...EA] },
    { customer: GOTA, permissions: [...STT, ...ETS, ...SUP, ...EC] },
    { customer: BERGEN, permissions: [...STT, ...ETS] },
  ],
);

export const providerAdmin = user(
  'sfadmin@example.com',
  ['SF_ADMIN', 'ProviderAdministrator', 'ADMIN'],
  [{ customer: GOTA, permissions: [...STT, ...ETS, ...SUP, ...EC, ...WOD, ...EA] }],
);

/** Someone who signed in but was never given an account. */
export const userWithoutAccounts = user('lonely@example.com', ['CustomerUser'], []);
