import type { PoolClient } from 'pg';
import type { Market } from '@service-hub/contracts';
import { copyRows } from './copy.ts';
import type { SeededCustomer } from './demo-accounts.ts';

type CrmRow = {
  customerNumber: string;
  name: string | null;
  market: Market | null;
  organizationalNumber: string | null;
};

/** Accounts the CRM knows that the Hub does not have yet: ready for a bulk creation. */
const NEW_ACCOUNTS: readonly [string, string, Market][] = [
  ['SE200101', 'Kustbanan Logistik AB', 'SE'],
  ['SE200102', 'Vätterns Fastigheter AB', 'SE'],
  ['SE200103', 'Roslagens Energi AB', 'SE'],
  ['SE200104', 'Dalälvens Vatten AB', 'SE'],
  ['SE200105', 'Höglandets Bostäder AB', 'SE'],
  ['SE200106', 'Österlens Avfall AB', 'SE'],
  ['SE200107', 'Bohusläns Hamnar AB', 'SE'],
  ['SE200108', 'Jämtkraft Nät AB', 'SE'],
  ['NO300101', 'Vestfold Kraft AS', 'NO'],
  ['NO300102', 'Nordlys Eiendom AS', 'NO'],
  ['NO300103', 'Sognefjord Transport AS', 'NO'],
  ['NO300104', 'Trøndelag Renovasjon AS', 'NO'],
  ['DK400101', 'Fynske Forsyning A/S', 'DK'],
  ['DK400102', 'Limfjordens Boliger A/S', 'DK'],
  ['DK400103', 'Sjællands Vand A/S', 'DK'],
  ['DK400104', 'Jyske Fjernvarme A/S', 'DK'],
  ['FI500101', 'Saimaan Vesi Oy', 'FI'],
  ['FI500102', 'Lapin Lämpö Oy', 'FI'],
  ['FI500103', 'Pirkanmaan Asunnot Oy', 'FI'],
  ['FI500104', 'Pohjanmaan Satamat Oy', 'FI'],
];

/** Accounts the CRM has with data missing: a bulk creation must refuse them and say what is missing. */
const INCOMPLETE_ACCOUNTS: readonly CrmRow[] = [
  { customerNumber: 'SE200901', name: null, market: 'SE', organizationalNumber: '556901-0001' },
  {
    customerNumber: 'NO300901',
    name: 'Hardanger Fiskeri AS',
    market: null,
    organizationalNumber: '930901001',
  },
  { customerNumber: 'DK400901', name: 'Bornholms Trafik A/S', market: 'DK', organizationalNumber: null },
  { customerNumber: 'FI500901', name: null, market: 'FI', organizationalNumber: null },
];

function organizationalNumber(market: Market, index: number): string {
  const n = String(100_000 + index * 7919).slice(-6);
  switch (market) {
    case 'SE':
      return `556${n.slice(0, 3)}-${n}`.slice(0, 11);
    case 'NO':
      return `9${n}${index % 10}${(index * 3) % 10}`;
    case 'DK':
      return `3${n}${index % 10}`;
    case 'FI':
      return `${n}${index % 10}-${(index * 7) % 10}`;
  }
}

/**
 * The built-in CRM directory (used when no CRM_URL is set): every customer of the Hub, some
 * accounts the Hub does not have yet, and some whose data is incomplete.
 */
export async function seedCrmDirectory(
  client: PoolClient,
  customers: readonly SeededCustomer[],
): Promise<void> {
  const rows: CrmRow[] = [
    ...customers.map((c, i) => ({
      customerNumber: c.customerNumber,
      name: c.name,
      market: c.market,
      organizationalNumber: organizationalNumber(c.market, i + 1),
    })),
    ...NEW_ACCOUNTS.map(([customerNumber, name, market], i) => ({
      customerNumber,
      name,
      market,
      organizationalNumber: organizationalNumber(market, 100 + i),
    })),
    ...INCOMPLETE_ACCOUNTS,
  ];
  await copyRows(
    client,
    'crm_accounts',
    ['customer_number', 'name', 'market', 'organizational_number', 'vat_number'],
    rows.map((r) => [
      r.customerNumber,
      r.name,
      r.market,
      r.organizationalNumber,
      r.market && r.organizationalNumber ? `${r.market}${r.organizationalNumber.replace(/\D/g, '')}` : null,
    ]),
  );
}
