import type { Market, PermissionPrefix } from '@service-hub/contracts';

export type MarketRow = { code: Market; name: string; supportEmail: string; supportPhone: string | null };

/** Support contact per market (spec 9); Norway has no phone line. */
export const MARKET_ROWS: readonly MarketRow[] = [
  {
    code: 'DK',
    name: 'Denmark',
    supportEmail: 'support.dk@servicehub.example',
    supportPhone: '+45 70 20 30 40',
  },
  {
    code: 'FI',
    name: 'Finland',
    supportEmail: 'support.fi@servicehub.example',
    supportPhone: '+358 20 123 4567',
  },
  { code: 'NO', name: 'Norway', supportEmail: 'support.no@servicehub.example', supportPhone: null },
  {
    code: 'SE',
    name: 'Sweden',
    supportEmail: 'support.se@servicehub.example',
    supportPhone: '+46 771 12 34 56',
  },
];

export type ServiceDefinition = {
  shortName: PermissionPrefix;
  name: string;
  nameHint: string;
  applications: readonly string[];
  /** Permissions with their roles; names are unique per service. */
  permissions: readonly { name: string; roles?: readonly string[] }[];
};

/** The services of the sidebar with their applications and permissions. */
export const SERVICE_DEFINITIONS: readonly ServiceDefinition[] = [
  {
    shortName: 'STT',
    name: 'Track and trace',
    nameHint: 'Follow outgoing files and documents through print and delivery',
    applications: ['stt-appapi-client'],
    permissions: [
      { name: 'stt-appapi-client', roles: ['READ_ALL'] },
      { name: 'CustomerUser' },
      { name: 'CustomerAdmin' },
    ],
  },
  {
    shortName: 'ETS',
    name: 'EDI track and trace',
    nameHint: 'Follow EDI consignments, documents and messages',
    applications: ['edi-tracking-service'],
    permissions: [{ name: 'edi-tracking-service', roles: ['READ_ALL'] }, { name: 'CustomerUser' }],
  },
  {
    shortName: 'SUP',
    name: 'Support cases',
    nameHint: 'Open and follow support cases',
    applications: ['support-cases'],
    permissions: [{ name: 'CustomerUser' }, { name: 'CustomerAdmin' }],
  },
  {
    shortName: 'EC',
    name: 'EDI connect',
    nameHint: 'Order new EDI connections',
    applications: ['edi-connect'],
    permissions: [{ name: 'CustomerUser' }],
  },
  {
    shortName: 'WOD',
    name: 'Mail on demand',
    nameHint: 'Send letters to physical or digital mailboxes',
    applications: ['wod-web'],
    permissions: [{ name: 'CustomerUser' }, { name: 'CustomerAdmin' }],
  },
  {
    shortName: 'AI',
    name: 'Interactive access',
    nameHint: 'Personalised customer communication',
    applications: ['interactive-access'],
    permissions: [{ name: 'CustomerUser' }],
  },
  {
    shortName: 'IBF',
    name: 'Internet bank invoice',
    nameHint: 'E-invoices to internet banks',
    applications: ['ibf-portal'],
    permissions: [{ name: 'CustomerUser' }],
  },
  {
    shortName: 'EA',
    name: 'E-archive',
    nameHint: 'Archive of sent documents',
    applications: ['e-archive'],
    permissions: [{ name: 'CustomerUser' }],
  },
  {
    shortName: 'LIT',
    name: 'Web shop',
    nameHint: 'Order envelopes, paper and print material',
    applications: ['web-shop'],
    permissions: [{ name: 'CustomerUser' }],
  },
  {
    shortName: 'JIR',
    name: 'Ticketing tool',
    nameHint: 'Service requests and change tickets',
    applications: ['ticketing'],
    permissions: [{ name: 'CustomerUser' }],
  },
];
