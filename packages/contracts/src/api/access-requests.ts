import { z } from 'zod';
import { LANGUAGES } from '../vocabularies.ts';
import { ZAccessToken, ZEmailLinkToken, ZMfaChallenge, ZNewPassword } from './auth.ts';
import { ZCustomerNumber } from './customers.ts';
import { text, ZInt32Id } from './fields.ts';

/*
 * Access requests (issue 23): a person registers with a verified e-mail address, asks to join an
 * account by its customer number, and the account's administrators approve or decline; a verified
 * e-mail domain of the account may approve at once. docs/access-requests.md tells the whole story.
 */

/** A request's message and a decline's reason, at most this many characters. */
export const MAX_ACCESS_REQUEST_MESSAGE = 1000;
/** New requests one person may make in 24 hours. */
export const MAX_ACCESS_REQUESTS_PER_DAY = 5;
/** Unanswered requests expire after this many days. */
export const ACCESS_REQUEST_EXPIRY_DAYS = 30;
/** How long a registration link works, in hours. */
export const REGISTRATION_LINK_HOURS = 24;
/** How long a domain's confirmation link works, in days. */
export const DOMAIN_VERIFICATION_DAYS = 7;

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn', 'expired'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** The roles an approval may give: never more than a customer administrator. */
export const ACCESS_REQUEST_ROLES = ['CustomerUser', 'CustomerAdministrator'] as const;
export type AccessRequestRole = (typeof ACCESS_REQUEST_ROLES)[number];

export const EMAIL_DOMAIN_STATES = ['pending', 'verified', 'expired'] as const;
export type EmailDomainState = (typeof EMAIL_DOMAIN_STATES)[number];

const ZPersonName = text().trim().min(1).max(100);
const ZEmail = z.email().max(320);

export const ZRegisterRequest = z
  .object({
    firstName: ZPersonName,
    lastName: ZPersonName,
    email: ZEmail,
    password: ZNewPassword,
    language: z.enum(LANGUAGES),
  })
  .strict();
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** The same answer whether or not the address already has a user: the mail says which. */
export const ZRegisterResponse = z.object({ status: z.literal('checkYourEmail') });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

/**
 * The link alone is not enough: the password chosen at registration confirms that whoever opens
 * it is whoever registered (otherwise someone could register another person's address with a
 * password of their own, and the owner's click would verify it for them).
 */
export const ZVerifyRegistrationRequest = z
  .object({ token: ZEmailLinkToken, password: text().min(1).max(1024) })
  .strict();
export type TVerifyRegistrationRequest = z.input<typeof ZVerifyRegistrationRequest>;

/** Own auth service: a token (signed in). Single sign-on: verified, sign in at the provider next. */
export const ZVerifyRegistrationResponse = z.union([
  ZAccessToken,
  ZMfaChallenge,
  z.object({ verified: z.literal(true), email: z.string() }),
]);
export type TVerifyRegistrationResponse = z.infer<typeof ZVerifyRegistrationResponse>;

export const ZAccessRequestMessage = text().trim().max(MAX_ACCESS_REQUEST_MESSAGE);

export const ZCreateAccessRequestRequest = z
  .object({
    customerNumber: ZCustomerNumber,
    message: ZAccessRequestMessage.default(''),
  })
  .strict();
export type TCreateAccessRequestRequest = z.input<typeof ZCreateAccessRequestRequest>;

/**
 * A request as the person who made it sees it. The account's name appears only once it was
 * approved: before that nothing tells whether the number belongs to an account.
 */
export const ZMyAccessRequest = z
  .object({
    id: z.string().uuid(),
    customerNumber: z.string(),
    customerName: z.string().nullable(),
    message: z.string(),
    status: z.enum(ACCESS_REQUEST_STATUSES),
    created: z.string().describe('ISO 8601 time'),
    decidedAt: z.string().nullable(),
    declineReason: z.string().nullable(),
  })
  .meta({ id: 'MyAccessRequest' });
export type TMyAccessRequest = z.infer<typeof ZMyAccessRequest>;

export const ZCreateAccessRequestResponse = ZMyAccessRequest;
export type TCreateAccessRequestResponse = TMyAccessRequest;

export const ZListMyAccessRequestsResponse = z.object({ requests: z.array(ZMyAccessRequest) });
export type TListMyAccessRequestsResponse = z.infer<typeof ZListMyAccessRequestsResponse>;

export const ZAccessRequestIdParam = z.object({ id: z.string().uuid() });

/** A permission of the account that the caller may hand out with an approval. */
export const ZGrantablePermission = z.object({ id: z.number().int(), prefix: z.string(), name: z.string() });
export type TGrantablePermission = z.infer<typeof ZGrantablePermission>;

/** A request as the account's administrators see it. */
export const ZAccountAccessRequest = z
  .object({
    id: z.string().uuid(),
    person: z.object({ name: z.string(), email: z.string() }),
    message: z.string(),
    status: z.enum(ACCESS_REQUEST_STATUSES),
    created: z.string(),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable().describe('Who decided, by name; null for a domain or expiry'),
    declineReason: z.string().nullable(),
    grantedRole: z.enum(ACCESS_REQUEST_ROLES).nullable(),
    grantedPermissionIds: z.array(z.number().int()),
    approvedByDomain: z.string().nullable(),
  })
  .meta({ id: 'AccountAccessRequest' });
export type TAccountAccessRequest = z.infer<typeof ZAccountAccessRequest>;

export const ZListAccountAccessRequestsRequest = z.object({
  state: z.enum(['pending', 'decided']).default('pending'),
});
export type TListAccountAccessRequestsRequest = z.infer<typeof ZListAccountAccessRequestsRequest>;

export const ZListAccountAccessRequestsResponse = z.object({
  requests: z.array(ZAccountAccessRequest),
  grantablePermissions: z.array(ZGrantablePermission),
  grantableRoles: z.array(z.enum(ACCESS_REQUEST_ROLES)),
});
export type TListAccountAccessRequestsResponse = z.infer<typeof ZListAccountAccessRequestsResponse>;

const ZPermissionIds = z.array(ZInt32Id).max(200);

export const ZApproveAccessRequestRequest = z
  .object({ role: z.enum(ACCESS_REQUEST_ROLES), permissionIds: ZPermissionIds })
  .strict();
export type TApproveAccessRequestRequest = z.input<typeof ZApproveAccessRequestRequest>;

export const ZDeclineAccessRequestRequest = z
  .object({ reason: text().trim().min(1).max(MAX_ACCESS_REQUEST_MESSAGE) })
  .strict();
export type TDeclineAccessRequestRequest = z.input<typeof ZDeclineAccessRequestRequest>;

/** Lower-case host name with at least one dot, no trailing dot (`example.com`, `it.example.co.uk`). */
const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const DOMAIN_MESSAGE = 'Enter a domain such as example.com.';

export const ZEmailDomainName = text()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .refine((value) => DOMAIN.test(value), { error: DOMAIN_MESSAGE, params: { code: 'invalidFormat' } });

export const ZAddEmailDomainRequest = z
  .object({ domain: ZEmailDomainName, verificationAddress: ZEmail })
  .strict();
export type TAddEmailDomainRequest = z.input<typeof ZAddEmailDomainRequest>;

export const ZEmailDomain = z
  .object({
    id: z.string().uuid(),
    domain: z.string(),
    verificationAddress: z.string(),
    state: z.enum(EMAIL_DOMAIN_STATES),
    verifiedAt: z.string().nullable(),
    autoApprove: z.boolean(),
    role: z.enum(ACCESS_REQUEST_ROLES),
    permissionIds: z.array(z.number().int()),
  })
  .meta({ id: 'EmailDomain' });
export type TEmailDomain = z.infer<typeof ZEmailDomain>;

export const ZAddEmailDomainResponse = ZEmailDomain;
export const ZListEmailDomainsResponse = z.object({ domains: z.array(ZEmailDomain) });
export type TListEmailDomainsResponse = z.infer<typeof ZListEmailDomainsResponse>;

export const ZEmailDomainIdParam = z.object({ id: z.string().uuid() });

export const ZUpdateEmailDomainRequest = z
  .object({ autoApprove: z.boolean(), role: z.enum(ACCESS_REQUEST_ROLES), permissionIds: ZPermissionIds })
  .strict();
export type TUpdateEmailDomainRequest = z.input<typeof ZUpdateEmailDomainRequest>;
export const ZUpdateEmailDomainResponse = ZEmailDomain;

export const ZVerifyEmailDomainRequest = z.object({ token: ZEmailLinkToken }).strict();
export type TVerifyEmailDomainRequest = z.input<typeof ZVerifyEmailDomainRequest>;
export const ZVerifyEmailDomainResponse = z.object({ domain: z.string(), customerName: z.string() });
export type TVerifyEmailDomainResponse = z.infer<typeof ZVerifyEmailDomainResponse>;
