import { describe, expect, it } from 'vitest';
import { headingParts, titleTrail, type TitlePart } from './page-title';

const match = (id: string, title?: string[]) => ({ id, handle: title ? { title } : undefined });
const none = new Map<string, TitlePart>();

describe('page titles', () => {
  const deliveryChannels = [
    match('app'),
    match('tracking', ['services.STT']),
    match('tracking.file', ['titles.file']),
    match('tracking.file.deliveryChannels', ['titles.deliveryChannels']),
  ];

  it('heads a page with its own name while the tab title keeps the trail', () => {
    expect(headingParts(deliveryChannels, none)).toEqual([{ key: 'titles.deliveryChannels' }]);
    expect(titleTrail(deliveryChannels, none)).toEqual([
      { key: 'services.STT' },
      { key: 'titles.file' },
      { key: 'titles.deliveryChannels' },
    ]);
  });

  const customer = new Map<string, TitlePart>([
    ['customers.customer', { text: 'Fjordkraft Distribusjon AS' }],
  ]);

  it("heads and titles a customer's own page with the customer's name", () => {
    const overview = [
      match('customers', ['titles.customers']),
      match('customers.customer'),
      match('customers.customer.overview'),
    ];
    expect(headingParts(overview, customer)).toEqual([{ text: 'Fjordkraft Distribusjon AS' }]);
    expect(titleTrail(overview, customer)).toEqual([
      { key: 'titles.customers' },
      { text: 'Fjordkraft Distribusjon AS' },
    ]);
  });

  it("names the customer before a tab's own name", () => {
    const security = [
      match('customers', ['titles.customers']),
      match('customers.customer'),
      match('customers.customer.security', ['titles.security']),
    ];
    expect(headingParts(security, customer)).toEqual([
      { text: 'Fjordkraft Distribusjon AS' },
      { key: 'titles.security' },
    ]);
  });

  it("replaces a route's generic title with the entity it shows", () => {
    const external = [match('app'), match('external', ['titles.external'])];
    const wod = new Map<string, TitlePart>([['external', { key: 'services.WOD' }]]);
    expect(headingParts(external, wod)).toEqual([{ key: 'services.WOD' }]);
    expect(titleTrail(external, wod)).toEqual([{ key: 'services.WOD' }]);
    expect(headingParts(external, none)).toEqual([{ key: 'titles.external' }]);
  });
});
