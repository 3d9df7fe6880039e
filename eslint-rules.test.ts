import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Rules of eslint.config.js that guard the shape of the code, tried on code that must fail or pass. */
const eslint = new ESLint();

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import/no-restricted-paths' || m.ruleId === 'import/no-cycle')
    .map((m) => m.message);
}

describe('import layers', { timeout: 30_000 }, () => {
  it.each([
    [
      'a feature importing another feature',
      'apps/web/src/features/account/probe.ts',
      "export { safeReturnPath } from '../auth/safe-return-path';",
    ],
    [
      'a feature importing the app shell',
      'apps/web/src/features/account/probe.ts',
      "export { routeTable } from '../../app/route-table';",
    ],
    [
      'lib importing a feature',
      'apps/web/src/lib/probe.ts',
      "export { safeReturnPath } from '../features/auth/safe-return-path';",
    ],
    [
      'lib importing a component',
      'apps/web/src/lib/probe.ts',
      "export { PlannedPage } from '../components/ui/planned-page';",
    ],
    [
      'a module importing a plugin',
      'apps/api/src/modules/users/probe.ts',
      "export { ACTIVE_ACCOUNT_PARAM } from '../../plugins/access.ts';",
    ],
    [
      'the database layer importing a module',
      'apps/api/src/db/probe.ts',
      "export { hashPassword } from '../modules/auth/password.ts';",
    ],
  ])('refuses %s', async (_, filePath, code) => {
    expect(await layerErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    [
      'a feature importing lib',
      'apps/web/src/features/account/probe.ts',
      "export { api } from '../../lib/api/client';",
    ],
    [
      'a plugin importing a module',
      'apps/api/src/plugins/probe.ts',
      "export { principalOf } from '../modules/auth/request-context.ts';",
    ],
  ])('allows %s', async (_, filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

describe('redirects', { timeout: 30_000 }, () => {
  const ruleErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
  };

  it('refuses a bare <Navigate>, which leaves the screen blank while the next page loads', async () => {
    expect(
      await ruleErrors('apps/web/src/features/account/probe.tsx', "export { Navigate } from 'react-router';"),
    ).not.toEqual([]);
  });

  it('allows the redirect that shows the loading page', async () => {
    expect(
      await ruleErrors(
        'apps/web/src/features/account/probe.tsx',
        "export { Redirect } from '../../components/ui/redirect';",
      ),
    ).toEqual([]);
    expect(
      await ruleErrors('apps/web/src/components/ui/redirect.tsx', "export { Navigate } from 'react-router';"),
    ).toEqual([]);
  });
});

describe('untranslated text', { timeout: 30_000 }, () => {
  const ruleErrors = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'apps/web/src/features/account/probe.tsx' });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'i18next/no-literal-string');
  };

  it('refuses words written straight into JSX', async () => {
    expect(await ruleErrors('export const Probe = () => <p>Save changes</p>;')).not.toEqual([]);
  });

  it('allows text from the catalogs', async () => {
    expect(
      await ruleErrors(
        "export const Probe = ({ t }: { t: (k: string) => string }) => <p>{t('common.save')}</p>;",
      ),
    ).toEqual([]);
  });
});

describe('path literals', { timeout: 30_000 }, () => {
  const ruleErrors = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'apps/web/src/features/support/probe.tsx' });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
  };

  it.each([
    ['a link to a path', 'export const Probe = () => <Link to="/support/cases">x</Link>;'],
    [
      'a link to a path template',
      'export const Probe = ({ id }: { id: number }) => <Link to={`/support/cases/${id}`}>x</Link>;',
    ],
    ['an anchor to a path', "export const Probe = () => <Anchor href={'/'}>x</Anchor>;"],
    [
      'a navigation to a path',
      "export const probe = (navigate: (to: string) => void) => navigate('/support/cases');",
    ],
  ])('refuses %s', async (_, code) => {
    expect(await ruleErrors(code)).not.toEqual([]);
  });

  it.each([
    [
      'a link builder',
      'export const Probe = ({ id }: { id: number }) => <Link to={supportLinks.case(id)}>x</Link>;',
    ],
    [
      'a download from the API',
      'export const Probe = ({ id }: { id: number }) => <Anchor href={`/api/reports/${id}/file`}>x</Anchor>;',
    ],
    ['a mail link', 'export const Probe = () => <Anchor href="mailto:support@example.com">x</Anchor>;'],
    [
      'an address taken apart from a URL',
      'export const Probe = ({ url }: { url: URL }) => <Anchor href={`${url.pathname}${url.search}`}>x</Anchor>;',
    ],
  ])('allows %s', async (_, code) => {
    expect(await ruleErrors(code)).toEqual([]);
  });
});

describe('casts around the API client', { timeout: 30_000 }, () => {
  const castErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('contract'))
      .map((m) => m.message);
  };
  const call = (cast: string) =>
    "import { api } from '../../../lib/api/client';\n" +
    `export const probe = () => api.GET('/api/tracking/ets/messages', { params: { query: { pageSize: 5, activeAccountId: '1' } ${cast} } });`;

  it.each([
    ['`as never` on a request', 'apps/web/src/features/dashboard/api/probe.ts', call('as never')],
    ['`as any` on a request', 'apps/web/src/features/tracking/components/probe.tsx', call('as any')],
    ['`as unknown as` on a request', 'apps/web/src/lib/api/probe.ts', call('as unknown as object')],
    ['a cast in a shared component', 'apps/web/src/components/ui/probe.tsx', call('as never')],
  ])('refuses %s', async (_, filePath, code) => {
    expect(await castErrors(filePath, code)).not.toEqual([]);
  });

  it('allows a request typed by its contract', async () => {
    const code =
      "import { api } from '../../../lib/api/client';\nimport { toQuery } from '../../../lib/api/query';\n" +
      "export const probe = () => api.GET('/api/tracking/ets/messages', { params: { query: { ...toQuery({ pageSize: 10 }), activeAccountId: '1' } } });";
    expect(await castErrors('apps/web/src/features/dashboard/api/probe.ts', code)).toEqual([]);
  });
});
