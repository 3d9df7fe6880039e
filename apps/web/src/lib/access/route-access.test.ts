import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../app/route-table';
import type { RouteHandle } from '../routing/route-definition';
import { listRoutePaths } from './list-routes';
import {
  isEnvironmentAllowed,
  isHandleAllowed,
  matchChain,
  meetsRequirement,
  resolveNavigation,
  RouteAccessError,
  type AccessSubject,
} from './route-access';
import {
  BERGEN,
  customerAdmin,
  customerUser,
  GOTA,
  MALARDALEN,
  providerAdmin,
  userWithoutAccounts,
} from './route-access.fixtures';

const production = { environment: 'Production', hostname: 'hub.example.com' };
const subject = (
  user: AccessSubject['user'],
  activeAccountId: number | null,
  where = production,
): AccessSubject => ({
  user,
  activeAccountId,
  ...where,
});

describe('route access rules (spec 6)', () => {
  it('rule 1: an environment-restricted route needs localhost or the listed environment', () => {
    const handle: RouteHandle = { environments: ['localhost', 'Development'] };
    expect(isEnvironmentAllowed(handle, { environment: 'Production', hostname: 'hub.example.com' })).toBe(
      false,
    );
    expect(isEnvironmentAllowed(handle, { environment: 'Production', hostname: 'localhost' })).toBe(true);
    expect(isEnvironmentAllowed(handle, { environment: 'Production', hostname: '127.0.0.1' })).toBe(true);
    expect(isEnvironmentAllowed(handle, { environment: 'Development', hostname: 'hub.example.com' })).toBe(
      true,
    );
    expect(isEnvironmentAllowed({}, { environment: 'Production', hostname: 'hub.example.com' })).toBe(true);
  });

  it('rule 2: at least one required role, with the server admin names counting as ADMIN', () => {
    expect(isHandleAllowed({ roles: ['SF_ADMIN'] }, subject(providerAdmin, GOTA.id))).toBe(true);
    expect(isHandleAllowed({ roles: ['SF_ADMIN'] }, subject(customerAdmin, MALARDALEN.id))).toBe(false);
    expect(
      isHandleAllowed({ roles: ['CustomerAdministrator', 'ADMIN'] }, subject(customerAdmin, MALARDALEN.id)),
    ).toBe(true);
    expect(isHandleAllowed({ roles: ['ADMIN'] }, subject(providerAdmin, GOTA.id))).toBe(true);
    expect(isHandleAllowed({ roles: ['ADMIN'] }, subject(customerUser, GOTA.id))).toBe(false);
  });

  it('rule 3: at least one required permission, met by prefix; an unknown requirement is not met', () => {
    const permissions = customerUser.permissions;
    expect(meetsRequirement('SUP', permissions, customerUser)).toBe(true);
    expect(meetsRequirement('WOD', permissions, customerUser)).toBe(false);
    expect(meetsRequirement('NOPE', permissions, customerUser)).toBe(false);
    expect(isHandleAllowed({ requires: ['WOD', 'SUP'] }, subject(customerUser, GOTA.id))).toBe(true);
    expect(isHandleAllowed({ requires: ['UNKNOWN' as never] }, subject(providerAdmin, GOTA.id))).toBe(false);
  });

  it('legacy checks: ETS and STT also need READ_ALL on edi-tracking-service and stt-appapi-client', () => {
    const withoutReadAll = customerUser.permissions.filter((p) => !p.roles.includes('READ_ALL'));
    expect(meetsRequirement('ETS', withoutReadAll, customerUser)).toBe(false);
    expect(meetsRequirement('STT', withoutReadAll, customerUser)).toBe(false);
    expect(meetsRequirement('ETS', customerUser.permissions, customerUser)).toBe(true);
  });

  it("account routes check the active account's permissions, filtered by customer id, not the user's own", () => {
    const handle: RouteHandle = { requires: ['ETS'], activeAccount: true };
    expect(isHandleAllowed(handle, subject(customerUser, GOTA.id))).toBe(true);
    expect(isHandleAllowed(handle, subject(customerUser, MALARDALEN.id))).toBe(false);
    expect(isHandleAllowed({ requires: ['ETS'] }, subject(customerUser, MALARDALEN.id))).toBe(true);
    expect(isHandleAllowed({ activeAccount: true }, subject(customerUser, null))).toBe(false);
  });

  it('needs the user loaded first', () => {
    expect(() => isHandleAllowed({ roles: ['SF_ADMIN'] }, subject(undefined, null))).toThrow(
      new RouteAccessError('User not loaded'),
    );
    expect(isHandleAllowed({ title: ['titles.account'] }, subject(undefined, null))).toBe(true);
  });

  it('treats hidden routes as missing', () => {
    expect(isHandleAllowed({ hide: true }, subject(providerAdmin, GOTA.id))).toBe(false);
  });
});

/**
 * Where each route of the table leads for users shaped like the demo sign-ins, in production.
 * '=' means the route opens as asked. Columns: customer user in their first account (STT, ETS,
 * SUP, EC); the same user in their second account (STT only); the customer administrator in
 * Mälardalens Vatten (STT, SUP, WOD, EA); the provider administrator (SF_ADMIN) in Göta Bostäder.
 */
const D = '/dashboard';
const EXPECTED: Record<string, [string, string, string, string]> = {
  '/': [D, D, D, D],
  '/dashboard': ['=', '=', '=', '='],
  '/Test-page': [D, D, D, D],
  '/external': ['=', '=', '=', '='],
  '/wod': [D, D, '/external?service=WOD', '/external?service=WOD'],
  '/ai': [D, D, D, D],
  '/ibf': [D, D, D, D],
  '/ea': [D, D, '/external?service=EA', '/external?service=EA'],
  '/lit': [D, D, D, D],
  '/jir': [D, D, D, D],
  '/administration': [D, D, D, '/administration/services'],
  '/administration/services': [D, D, D, '='],
  '/administration/api-keys': [D, D, D, '='],
  '/administration/status': [D, D, D, '='],
  '/administration/services/addservice': [D, D, D, '='],
  '/administration/services/STT': [D, D, D, '/administration/services/STT/permissions'],
  '/administration/services/STT/permissions': [D, D, D, '='],
  '/administration/services/STT/permissions/sttaddpermission': [D, D, D, '='],
  '/administration/services/STT/permissions/addpermission': [D, D, D, '='],
  '/customers': [D, D, D, '='],
  '/customers/new': [D, D, D, '='],
  '/customers/new-bulk': [D, D, D, '='],
  '/customers/12': [D, D, D, '/customers/12/overview'],
  '/customers/12/overview': [D, D, D, '='],
  '/customers/12/users': [D, D, D, '='],
  '/customers/12/users/invite': [D, D, D, '='],
  '/customers/12/users/u1': [D, D, D, '='],
  '/customers/12/service-access': [D, D, D, '='],
  '/customers/12/security': [D, D, D, '='],
  '/users': [D, D, D, '='],
  '/users/12': [D, D, D, '='],
  '/support': ['/support/cases', '/support/contact', '/support/cases', '/support/cases'],
  '/support/contact': ['=', '=', '=', '='],
  '/support/cases': ['=', '/support/contact', '=', '='],
  '/support/cases/new': ['/support/contact', '/support/contact', '/support/contact', '/support/contact'],
  '/support/cases/12': [
    '/support/cases/12/activity',
    '/support/contact',
    '/support/cases/12/activity',
    '/support/cases/12/activity',
  ],
  '/support/cases/12/activity': ['=', '/support/contact', '=', '='],
  '/support/cases/12/details': ['=', '/support/contact', '=', '='],
  '/support/cases/12/information': ['=', '/support/contact', '=', '='],
  '/tracking': ['/tracking/overview', '/tracking/overview', '/tracking/overview', '/tracking/overview'],
  '/tracking/overview': ['=', '=', '=', '='],
  '/tracking/files': ['=', '=', '=', '='],
  '/tracking/documents': ['=', '=', '=', '='],
  '/tracking/files/12': Array(4).fill('/tracking/files/12/delivery-channels') as [
    string,
    string,
    string,
    string,
  ],
  '/tracking/files/12/delivery-channels': ['=', '=', '=', '='],
  '/tracking/files/12/status-log': ['=', '=', '=', '='],
  '/tracking/files/12/file-details': ['=', '=', '=', '='],
  '/tracking/documents/12': Array(4).fill('/tracking/documents/12/delivery') as [
    string,
    string,
    string,
    string,
  ],
  '/tracking/documents/12/delivery': ['=', '=', '=', '='],
  '/tracking/documents/12/details': ['=', '=', '=', '='],
  '/edi-tracking': ['/edi-tracking/files', D, D, '/edi-tracking/files'],
  '/edi-tracking/files': ['=', D, D, '='],
  '/edi-tracking/messages': ['=', D, D, '='],
  '/edi-tracking/documents': ['=', D, D, '='],
  '/edi-tracking/files/C1': ['=', D, D, '='],
  '/edi-tracking/documents/D1/C1': ['=', D, D, '='],
  '/edi-tracking/messages/M1/C1': ['=', D, D, '='],
  '/reports': ['=', '=', '=', '='],
  '/alerts': ['=', '=', '=', '='],
  '/alerts/expected-deliveries': [D, D, '=', '='],
  '/accountsettings': [D, D, '/accountsettings/users', '/accountsettings/users'],
  '/accountsettings/users': [D, D, '=', '='],
  '/accountsettings/users/invite': [D, D, '=', '='],
  '/accountsettings/users/12': [D, D, '=', '='],
  '/accountsettings/provisioning': [D, D, '=', '='],
  '/edi-connect': ['/edi-connect/deployment-requests', D, D, '/edi-connect/deployment-requests'],
  '/edi-connect/deployment-requests': ['=', D, D, '='],
  '/edi-connect/deployment-requests/new': ['=', D, D, '='],
  '/account': ['=', '=', '=', '='],
  '/alerts/settings': [D, D, '=', '='],
  '/alerts/notifications': ['=', '=', '=', '='],
  '/developer': [D, D, '=', '='],
  '/developer/webhooks': [D, D, '=', '='],
  '/developer/webhooks/new': [D, D, '=', '='],
  '/developer/webhooks/deliveries': [D, D, '=', '='],
  '/developer/webhooks/E1': [D, D, '=', '='],
  '/developer/webhooks/E1/deliveries': [D, D, '=', '='],
  '/access-requests': ['=', '=', '=', '='],
  '/accountsettings/access-requests': [D, D, '=', '='],
};

const SAMPLE_PARAMS: Record<string, string> = {
  service: 'STT',
  id: '12',
  uid: 'u1',
  consignmentId: 'C1',
  documentId: 'D1',
  messageId: 'M1',
  endpointId: 'E1',
};

describe('every route of the table, for each demo user (production)', () => {
  const subjects: [string, AccessSubject][] = [
    ['customer user, first account', subject(customerUser, GOTA.id)],
    ['customer user, second account', subject(customerUser, MALARDALEN.id)],
    ['customer administrator', subject(customerAdmin, MALARDALEN.id)],
    ['provider administrator', subject(providerAdmin, GOTA.id)],
  ];

  it('has an expectation for every route in the table', () => {
    const paths = listRoutePaths(signedInRoutes).map((p) =>
      p.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name]!),
    );
    expect([...new Set(paths)].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [path, outcomes] of Object.entries(EXPECTED)) {
    it.each(subjects.map(([name, s], i) => [name, s, outcomes[i]!] as const))(
      `${path} → %s`,
      (_name, s, outcome) => {
        expect(resolveNavigation(signedInRoutes, path, s)).toBe(outcome === '=' ? path : outcome);
      },
    );
  }
});

describe('matchChain', () => {
  it('matches every path as React Router does with the whole table, whatever its case', () => {
    const paths = listRoutePaths(signedInRoutes).map((path) => path.replace(/:\w+/g, '7'));
    const variants = paths.flatMap((path) => [path, path.toUpperCase(), `${path}/more`, `${path}?q=1`]);
    const ids = (matches: { route: { id?: string } }[] | null) => matches?.map((m) => m.route.id) ?? null;
    for (const path of [...variants, '/', '/no-such-page', '/external?service=WOD']) {
      expect(ids(matchChain(signedInRoutes, path)), path).toEqual(
        ids(matchRoutes(signedInRoutes as never, path)),
      );
    }
  });
});

describe('resolveNavigation', () => {
  it('sends unknown paths to /not-found', () => {
    expect(resolveNavigation(signedInRoutes, '/nowhere', subject(providerAdmin, GOTA.id))).toBe('/not-found');
    expect(resolveNavigation(signedInRoutes, '/tracking/nowhere/deep', subject(providerAdmin, GOTA.id))).toBe(
      '/not-found',
    );
  });

  it('opens development-only routes on localhost and in the Development environment', () => {
    const local = subject(customerUser, GOTA.id, { environment: 'Production', hostname: 'localhost' });
    const development = subject(customerUser, GOTA.id, {
      environment: 'Development',
      hostname: 'hub.example.com',
    });
    expect(resolveNavigation(signedInRoutes, '/Test-page', local)).toBe('/Test-page');
    expect(resolveNavigation(signedInRoutes, '/support/cases/new', development)).toBe('/support/cases/new');
  });

  it('follows a fallback route before the dashboard', () => {
    // The Bergen account has no SUP: a case link falls back to the first allowed sibling.
    expect(resolveNavigation(signedInRoutes, '/support/cases/5', subject(customerAdmin, BERGEN.id))).toBe(
      '/support/contact',
    );
  });

  it('refuses everything for a user without accounts, instead of redirecting in a loop', () => {
    expect(resolveNavigation(signedInRoutes, '/dashboard', subject(userWithoutAccounts, null))).toBeNull();
    expect(resolveNavigation(signedInRoutes, '/account', subject(userWithoutAccounts, null))).toBe(
      '/account',
    );
  });
});
