import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../../lib/paths.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

const run = promisify(execFile);

describe('[USERS] npm run create-admin: the first provider administrator of a new installation', () => {
  let ctx: TestContext;
  let databaseUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
    databaseUrl = String(ctx.db.$client.options.connectionString);
  });
  afterAll(() => ctx.close());

  const createAdmin = (...args: string[]) =>
    run(
      join(apiRoot, '..', '..', 'node_modules', '.bin', 'tsx'),
      [join(apiRoot, 'src/modules/users/create-admin-cli.ts'), ...args],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PUBLIC_URL: 'https://hub.example.com',
          LOG_LEVEL: 'silent',
        },
      },
    );

  it('creates the administrator with an account and a link to choose the password', async () => {
    const { stdout } = await createAdmin(
      '--email',
      'ops@example.com',
      '--first-name',
      'Olle',
      '--last-name',
      'Ops',
      '--customer-number',
      'SE999001',
      '--customer-name',
      'Service Hub Operations AB',
    );
    const link = new URL(/https:\/\/\S+/.exec(stdout)![0]);
    expect(link.origin + link.pathname).toBe('https://hub.example.com/invitation');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token: link.searchParams.get('token'), password: 'Driftsättning-Första-1' },
    });
    expect(accepted.statusCode).toBe(200);
    const me = await ctx.app.inject({
      url: '/api/v3/user',
      headers: { authorization: `Bearer ${accepted.json().token}` },
    });
    expect(me.json()).toMatchObject({
      email: 'ops@example.com',
      customers: [{ name: 'Service Hub Operations AB' }],
    });
    expect(me.json().roles.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['SF_ADMIN', 'ADMIN']),
    );
  });

  it('refuses an address that already has a user, and incomplete arguments', async () => {
    await expect(
      createAdmin(
        '--email',
        'user@example.com',
        '--first-name',
        'U',
        '--last-name',
        'S',
        '--customer-number',
        'SE999002',
        '--customer-name',
        'X',
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('already exists') });
    await expect(createAdmin('--email', 'not-an-address')).rejects.toMatchObject({ code: 2 });
  });
});
