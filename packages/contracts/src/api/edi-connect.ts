import { z } from 'zod';
import { DEPLOYMENT_REQUEST_STATUSES, type DeploymentRequestStatus } from '../vocabularies.ts';
import { text, ZInt32Id } from './fields.ts';

/** How the trading partner is identified (docs/edi-connect.md). */
export const PARTNER_IDENTIFIER_TYPES = ['GLN', 'OVT', 'ORGANISATION_NUMBER'] as const;
export type PartnerIdentifierType = (typeof PARTNER_IDENTIFIER_TYPES)[number];

export const EDI_PROTOCOLS = ['AS2', 'SFTP', 'OFTP2'] as const;
export type EdiProtocol = (typeof EDI_PROTOCOLS)[number];

/** Message standards with the message types the provider connects for each. */
export const EDI_MESSAGE_STANDARDS = {
  EDIFACT: ['ORDERS', 'ORDRSP', 'DESADV', 'INVOIC', 'PRICAT', 'IFTMIN', 'APERAK', 'CUSDEC'],
  X12: ['850', '855', '856', '810', '832'],
  PEPPOL_BIS: ['INVOICE', 'CREDIT_NOTE', 'ORDER', 'ORDER_RESPONSE', 'DESPATCH_ADVICE'],
} as const satisfies Record<string, readonly string[]>;
export type EdiMessageStandard = keyof typeof EDI_MESSAGE_STANDARDS;
export const EDI_MESSAGE_STANDARD_KEYS = Object.keys(EDI_MESSAGE_STANDARDS) as [
  EdiMessageStandard,
  ...EdiMessageStandard[],
];

export const DEPLOYMENT_DIRECTIONS = ['INBOUND', 'OUTBOUND', 'BOTH'] as const;
export type DeploymentDirection = (typeof DEPLOYMENT_DIRECTIONS)[number];

export const DEPLOYMENT_ENVIRONMENTS = ['TEST', 'PRODUCTION'] as const;
export type DeploymentEnvironment = (typeof DEPLOYMENT_ENVIRONMENTS)[number];

/** Provider staff move an order along; `rejected` needs a reason, `live` and `rejected` are final. */
export const DEPLOYMENT_REQUEST_TRANSITIONS: Record<
  DeploymentRequestStatus,
  readonly DeploymentRequestStatus[]
> = {
  submitted: ['inProgress', 'rejected'],
  inProgress: ['testing', 'rejected'],
  testing: ['live', 'inProgress', 'rejected'],
  live: [],
  rejected: [],
};

/** GS1 check digit: weights 3 and 1 from the right, over the first twelve digits. */
export function isValidGln(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits
    .slice(0, 12)
    .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const IDENTIFIER_RULES: Record<PartnerIdentifierType, { test: (v: string) => boolean; message: string }> = {
  GLN: { test: isValidGln, message: 'A GLN has 13 digits with a valid check digit.' },
  // Finnish e-invoice address: 0037, the 8-digit business id, optionally up to 5 more characters.
  OVT: {
    test: (v) => /^0037\d{8}[A-Z0-9]{0,5}$/.test(v),
    message: 'An OVT code is 0037, 8 digits and up to 5 letters or digits.',
  },
  ORGANISATION_NUMBER: {
    test: (v) => /^[A-Z0-9][A-Z0-9 -]{4,18}[A-Z0-9]$/i.test(v),
    message: 'An organisation number has 6 to 20 letters, digits, spaces or hyphens.',
  },
};

const host = text()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/, { error: 'Enter a host name or IP address.' });
const port = z.number().int().min(1).max(65_535);

/** What the provider needs to reach the partner, per protocol. */
export const ZDeploymentConnection = z.discriminatedUnion('protocol', [
  z
    .object({
      protocol: z.literal('AS2'),
      as2Id: text().trim().min(1).max(128).regex(/^\S+$/, { error: 'An AS2 id has no spaces.' }),
      url: z.url({ protocol: /^https?$/, error: 'Enter an http or https address.' }).max(500),
    })
    .strict(),
  z.object({ protocol: z.literal('SFTP'), host, port, username: text().trim().min(1).max(100) }).strict(),
  z
    .object({
      protocol: z.literal('OFTP2'),
      odetteId: text()
        .trim()
        .min(1)
        .max(25)
        .regex(/^O\d{4}[A-Z0-9]+$/, { error: 'An Odette id starts with O and four digits.' }),
      host,
      port,
    })
    .strict(),
]);
export type TDeploymentConnection = z.infer<typeof ZDeploymentConnection>;

export const DEPLOYMENT_NOTES_MAX = 2000;

/** A new communication order (EDI onboarding of one trading partner). */
export const ZCreateDeploymentRequestRequest = z
  .object({
    partnerName: text().trim().min(1).max(200),
    partnerIdentifierType: z.enum(PARTNER_IDENTIFIER_TYPES),
    partnerIdentifier: text().trim().min(1).max(40),
    connection: ZDeploymentConnection,
    messageStandard: z.enum(EDI_MESSAGE_STANDARD_KEYS),
    messageTypes: z.array(text().max(20)).min(1).max(20),
    direction: z.enum(DEPLOYMENT_DIRECTIONS),
    environment: z.enum(DEPLOYMENT_ENVIRONMENTS),
    contactName: text().trim().min(1).max(200),
    contactEmail: z.email().max(320),
    contactPhone: text()
      .trim()
      .max(30)
      .regex(/^(\+?[0-9 ()-]{5,30})?$/, { error: 'Enter a phone number of digits, spaces, +, - and ().' })
      .optional(),
    requestedGoLive: z.iso.date().describe('Wished go-live date (YYYY-MM-DD), today or later'),
    notes: text().trim().max(DEPLOYMENT_NOTES_MAX).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    const rule = IDENTIFIER_RULES[value.partnerIdentifierType];
    if (rule && !rule.test(value.partnerIdentifier)) {
      context.addIssue({
        code: 'custom',
        path: ['partnerIdentifier'],
        message: rule.message,
        params: { code: 'invalidFormat' },
      });
    }
    const types: readonly string[] = EDI_MESSAGE_STANDARDS[value.messageStandard] ?? [];
    value.messageTypes.forEach((type, index) => {
      if (!types.includes(type)) {
        context.addIssue({
          code: 'invalid_value',
          values: [...types],
          path: ['messageTypes', index],
          message: 'Choose message types of the chosen standard.',
        });
      }
    });
    if (new Set(value.messageTypes).size !== value.messageTypes.length) {
      context.addIssue({ code: 'custom', path: ['messageTypes'], message: 'Each message type once.' });
    }
  });
export type TCreateDeploymentRequestRequest = z.infer<typeof ZCreateDeploymentRequestRequest>;

export const ZDeploymentRequest = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    customerName: z.string(),
    status: z.enum(DEPLOYMENT_REQUEST_STATUSES),
    rejectionReason: z.string().nullable(),
    partnerName: z.string(),
    partnerIdentifierType: z.enum(PARTNER_IDENTIFIER_TYPES),
    partnerIdentifier: z.string(),
    protocol: z.enum(EDI_PROTOCOLS),
    connection: z.record(z.string(), z.union([z.string(), z.number()])),
    messageStandard: z.enum(EDI_MESSAGE_STANDARD_KEYS),
    messageTypes: z.array(z.string()),
    direction: z.enum(DEPLOYMENT_DIRECTIONS),
    environment: z.enum(DEPLOYMENT_ENVIRONMENTS),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string().nullable(),
    requestedGoLive: z.string().nullable(),
    notes: z.string().nullable(),
    requestedBy: z.string().nullable(),
    created: z.string(),
    statusChanged: z.string(),
    nextStatuses: z.array(z.enum(DEPLOYMENT_REQUEST_STATUSES)).describe('Where the caller may move it now'),
  })
  .meta({ id: 'DeploymentRequest' });
export type TDeploymentRequest = z.infer<typeof ZDeploymentRequest>;

/** Columns the order list sorts by; ties fall back to the newest order. */
export const DEPLOYMENT_REQUEST_SORTS = ['created', 'partnerName', 'status', 'requestedGoLive'] as const;
export type DeploymentRequestSort = (typeof DEPLOYMENT_REQUEST_SORTS)[number];

export const ZListDeploymentRequestsRequest = z.object({
  status: z.enum(['all', ...DEPLOYMENT_REQUEST_STATUSES]).default('all'),
  sort: z.enum(DEPLOYMENT_REQUEST_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
});
export type TListDeploymentRequestsRequest = z.infer<typeof ZListDeploymentRequestsRequest>;

export const ZListAllDeploymentRequestsRequest = ZListDeploymentRequestsRequest.extend({
  customerId: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'Invalid customerId' })
    .transform(Number)
    .optional(),
});
export type TListAllDeploymentRequestsRequest = z.infer<typeof ZListAllDeploymentRequestsRequest>;

export const ZListDeploymentRequestsResponse = z
  .object({
    requests: z.array(ZDeploymentRequest),
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ListDeploymentRequestsResponse' });
export type TListDeploymentRequestsResponse = z.infer<typeof ZListDeploymentRequestsResponse>;

export const ZDeploymentRequestIdParam = z
  .string()
  .regex(/^\d{1,9}$/, { error: 'Invalid id' })
  .transform(Number)
  .pipe(ZInt32Id);

export const ZMoveDeploymentRequestRequest = z
  .object({
    status: z.enum(DEPLOYMENT_REQUEST_STATUSES),
    reason: text().trim().min(1).max(1000).optional().describe('Required when rejecting'),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.status === 'rejected' && !value.reason) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'This field cannot be empty.',
        params: { code: 'required' },
      });
    }
  });
export type TMoveDeploymentRequestRequest = z.infer<typeof ZMoveDeploymentRequestRequest>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZCreateDeploymentRequestResponse = ZDeploymentRequest;
export type TCreateDeploymentRequestResponse = z.infer<typeof ZCreateDeploymentRequestResponse>;
export const ZGetDeploymentRequestResponse = ZDeploymentRequest;
export type TGetDeploymentRequestResponse = z.infer<typeof ZGetDeploymentRequestResponse>;
export const ZListAllDeploymentRequestsResponse = ZListDeploymentRequestsResponse;
export type TListAllDeploymentRequestsResponse = z.infer<typeof ZListAllDeploymentRequestsResponse>;
export const ZMoveDeploymentRequestResponse = ZDeploymentRequest;
export type TMoveDeploymentRequestResponse = z.infer<typeof ZMoveDeploymentRequestResponse>;
