import { describe, expect, it } from 'vitest';
import { ZListWebhookDeliveriesRequest } from '@service-hub/contracts';
import { deliveryRequestOf } from './delivery-request';

const ENDPOINT = '00000000-0000-4000-8000-00000000e001';
const defaults = ZListWebhookDeliveriesRequest.parse({});

describe('deliveryRequestOf', () => {
  it('reads the filters and paging of the address as the operation parses them', () => {
    const params = new URLSearchParams(
      `endpointId=${ENDPOINT}&eventType=file.arrived&state=failed&from=2026-11-20T08:00:00Z&page=2&pageSize=50&activeAccountId=7`,
    );
    expect(deliveryRequestOf(params)).toEqual({
      ...defaults,
      endpointId: ENDPOINT,
      eventType: 'file.arrived',
      state: 'failed',
      from: '2026-11-20T08:00:00.000Z',
      page: 2,
      pageSize: 50,
    });
  });

  it('drops only the values the API would refuse, keeping the others', () => {
    const params = new URLSearchParams('endpointId=42&state=failed&eventType=nope&pageSize=13');
    expect(deliveryRequestOf(params)).toEqual({ ...defaults, state: 'failed' });
  });

  it('drops a range whose end is before its start as a whole', () => {
    const params = new URLSearchParams('from=2026-11-26T00:00:00Z&to=2026-11-20T00:00:00Z&state=failed');
    expect(deliveryRequestOf(params)).toEqual({ ...defaults, state: 'failed' });
  });

  it('keeps a valid start when only the end is malformed', () => {
    const params = new URLSearchParams('from=2026-11-20T00:00:00Z&to=yesterday');
    expect(deliveryRequestOf(params)).toEqual({ ...defaults, from: '2026-11-20T00:00:00.000Z' });
  });

  it("keeps an endpoint's own log to that endpoint, whatever the address names", () => {
    const params = new URLSearchParams('endpointId=00000000-0000-4000-8000-00000000ffff&state=lost');
    expect(deliveryRequestOf(params, ENDPOINT)).toEqual({ ...defaults, endpointId: ENDPOINT });
  });
});
