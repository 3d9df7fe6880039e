import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpCrmConnector } from './http-crm.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

describe('HttpCrmConnector against a small real HTTP server', () => {
  let server: Server;
  let url: string;
  let handler: Handler = () => undefined;
  const requests: { path: string; authorization?: string }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push({ path: request.url ?? '', authorization: request.headers.authorization });
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm/`;
  });
  afterEach(() => {
    requests.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const connector = (options: Partial<ConstructorParameters<typeof HttpCrmConnector>[0]> = {}) =>
    new HttpCrmConnector({ url, timeoutMs: 500, retries: 2, backoffMs: 10, ...options });

  it('reads accounts by number, treats 404 as unknown and sends the token', async () => {
    handler = (request, response) => {
      if (request.url === '/crm/accounts/SE123')
        return json(response, 200, {
          accountNumber: 'SE123',
          name: ' Kustbanan Logistik AB ',
          market: 'se',
          organizationalNumber: '556123-4567',
          vatNumber: '',
          extra: 'ignored',
        });
      json(response, 404, { error: 'not found' });
    };
    const found = await connector({ token: 'secret' }).findAccounts(['SE123', 'SE404']);
    expect([...found.entries()]).toEqual([
      [
        'SE123',
        {
          customerNumber: 'SE123',
          name: 'Kustbanan Logistik AB',
          market: 'SE',
          organizationalNumber: '556123-4567',
          vatNumber: null,
          crmMappingGuid: null,
        },
      ],
    ]);
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer secret', 'Bearer secret']);
    expect(requests.map((r) => r.path).sort()).toEqual(['/crm/accounts/SE123', '/crm/accounts/SE404']);
  });

  it('retries 503 and 429 with back-off and succeeds when the CRM recovers', async () => {
    let calls = 0;
    handler = (_request, response) => {
      calls++;
      if (calls === 1) return json(response, 503, {});
      if (calls === 2) return json(response, 429, {});
      json(response, 200, { accountNumber: 'NO1', name: 'Vestfold Kraft AS', market: 'NO' });
    };
    const found = await connector().findAccounts(['NO1']);
    expect(found.get('NO1')?.name).toBe('Vestfold Kraft AS');
    expect(calls).toBe(3);
  });

  it('gives up after the retries with CRM_UNAVAILABLE', async () => {
    handler = (_request, response) => json(response, 500, {});
    await expect(connector({ retries: 2 }).findAccounts(['DK1'])).rejects.toMatchObject({
      status: 502,
      errorCode: 'CRM_UNAVAILABLE',
    });
    expect(requests).toHaveLength(3);
  });

  it('times out a CRM that does not answer', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    await expect(connector({ timeoutMs: 150, retries: 1 }).findAccounts(['FI1'])).rejects.toMatchObject({
      errorCode: 'CRM_UNAVAILABLE',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requests).toHaveLength(2);
  });

  it('does not retry a refusal or a malformed answer', async () => {
    handler = (_request, response) => json(response, 401, {});
    await expect(connector().findAccounts(['SE1'])).rejects.toMatchObject({ errorCode: 'CRM_UNAVAILABLE' });
    expect(requests).toHaveLength(1);
    requests.length = 0;
    handler = (_request, response) => json(response, 200, { unexpected: true });
    await expect(connector().findAccounts(['SE1'])).rejects.toMatchObject({ errorCode: 'CRM_UNAVAILABLE' });
    expect(requests).toHaveLength(1);
  });

  it('fails clearly when nothing listens at the address', async () => {
    const closed = new HttpCrmConnector({
      url: 'http://127.0.0.1:9/',
      timeoutMs: 300,
      retries: 1,
      backoffMs: 5,
    });
    await expect(closed.findAccounts(['SE1'])).rejects.toMatchObject({ errorCode: 'CRM_UNAVAILABLE' });
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    handler = (request, response) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        json(response, 200, { accountNumber: request.url!.split('/').pop(), name: 'X', market: 'SE' });
      }, 20);
    };
    const numbers = Array.from({ length: 10 }, (_, i) => `SE${i}`);
    const found = await connector({ concurrency: 3 }).findAccounts(numbers);
    expect(found.size).toBe(10);
    expect(most).toBe(3);
  });
});
