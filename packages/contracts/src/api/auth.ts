import { z } from 'zod';
import { LANGUAGES, MFA_TYPES } from '../vocabularies.ts';
import { text, ZInt32Id } from './fields.ts';

export const ZSignInRequest = z.object({
  email: text().trim().min(1).max(320),
  password: text().min(1).max(1024),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZAccessToken = z.object({
  token: z.string().describe('Signed JWT to send as `Authorization: Bearer <token>`'),
});
export type TAccessToken = z.infer<typeof ZAccessToken>;

/** Authenticator enrolment shown at the first sign-in after MFA was enabled for an account. */
export const ZTotpEnrolment = z.object({
  secret: z.string().describe('Base32 key for manual entry'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('PNG data URL of the otpauth URL'),
});

export const ZMfaChallenge = z.object({
  mfaRequired: z.literal(true),
  challengeId: z.string().uuid(),
  method: z.enum(MFA_TYPES),
  enrolment: ZTotpEnrolment.optional(),
  passkeys: z
    .boolean()
    .optional()
    .describe('The user has passkeys: one may stand in for the code, whatever method the account names'),
});
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

export const ZSignInResponse = z.union([ZAccessToken, ZMfaChallenge]).meta({ id: 'SignInResponse' });
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZMfaCode = text()
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' });

export const ZVerifyMfaCodeRequest = z.object({ challengeId: z.string().uuid(), code: ZMfaCode });
export type TVerifyMfaCodeRequest = z.input<typeof ZVerifyMfaCodeRequest>;

/** Password rules (NIST SP 800-63B): long rather than complicated, and not an obvious one. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
const COMMON_PASSWORDS = new Set([
  'password1234',
  'passwordpassword',
  '123456789012',
  'qwertyuiopas',
  'servicehub123',
  'demo-password',
  'welcome12345',
  'letmein12345',
]);
export const ZNewPassword = text()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()) && new Set(value).size > 3, {
    error: 'This password is too easy to guess. Choose a longer or less common one.',
    params: { code: 'weakPassword' },
  });

export const ZChangePasswordRequest = z.object({
  currentPassword: text().min(1).max(1024),
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZInvitation = z
  .object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    customerName: z.string().nullable(),
    purpose: z.enum(['invitation', 'email-change']),
    requiresSignIn: z
      .boolean()
      .describe(
        'True when the invitee already has a user: they sign in and accept (POST /api/auth/invitations/join) instead of choosing a password',
      ),
  })
  .meta({ id: 'Invitation' });
export type TInvitation = z.infer<typeof ZInvitation>;

/** The secret of an invitation or e-mail-change link, as it appears in the link. */
export const ZEmailLinkToken = text().min(20).max(200);

/** Single sign-on: the password is set and the user signs in at the identity provider next. */
export const ZAcceptInvitationResponse = z.union([
  ZAccessToken,
  ZMfaChallenge,
  z.object({ passwordSet: z.literal(true) }),
]);
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;

export const ZAcceptInvitationRequest = z.object({
  token: ZEmailLinkToken,
  password: ZNewPassword,
});
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;

export const ZJoinInvitedAccountRequest = z.object({ token: ZEmailLinkToken });
export type TJoinInvitedAccountRequest = z.input<typeof ZJoinInvitedAccountRequest>;
export const ZJoinInvitedAccountResponse = z
  .object({ customerId: z.number().int(), customerName: z.string() })
  .meta({ id: 'JoinInvitedAccountResponse' });
export type TJoinInvitedAccountResponse = z.infer<typeof ZJoinInvitedAccountResponse>;

export const ZConfirmEmailChangeRequest = z.object({ token: ZEmailLinkToken });
export type TConfirmEmailChangeRequest = z.input<typeof ZConfirmEmailChangeRequest>;

const ZPersonName = text().trim().min(1).max(100);

/** Invite by e-mail (generated client). */
export const ZInviteByEmailRequest = z.object({
  email: z.email().max(320),
  firstName: ZPersonName,
  lastName: ZPersonName,
  customerId: ZInt32Id,
  language: z.enum(LANGUAGES).optional(),
});
export type TInviteByEmailRequest = z.infer<typeof ZInviteByEmailRequest>;

/** Invite by e-mail (older client: POST /user/invite). */
export const ZInviteUserLegacyRequest = z.object({
  user: z.object({ email: z.email().max(320), firstName: ZPersonName, lastName: ZPersonName }),
  customer: z.object({ id: ZInt32Id }),
});
export type TInviteUserLegacyRequest = z.input<typeof ZInviteUserLegacyRequest>;

export const ZInviteByEmailResponse = z.object({ status: z.literal('invitationSent') });
export type TInviteByEmailResponse = z.infer<typeof ZInviteByEmailResponse>;

export const ZRequestEmailChangeRequest = z.object({ userId: z.string().uuid(), email: z.email().max(320) });
export type TRequestEmailChangeRequest = z.infer<typeof ZRequestEmailChangeRequest>;

export const ZUpdateCurrentUserRequest = z.object({
  firstName: ZPersonName,
  lastName: ZPersonName,
  language: z.enum(LANGUAGES),
});
export type TUpdateCurrentUserRequest = z.infer<typeof ZUpdateCurrentUserRequest>;

export const ZMfaStatus = z
  .object({
    required: z.enum(MFA_TYPES).nullable().describe('The method an account of the user requires, if any'),
    app: z.object({ enrolledAt: z.string().nullable() }),
    email: z.object({ enrolledAt: z.string().nullable() }),
  })
  .meta({ id: 'MfaStatus' });
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

export const ZUpdateCustomerMfaRequest = z
  .object({ isMFAEnabled: z.boolean(), mfaType: z.enum(MFA_TYPES).nullable() })
  .refine((v) => !v.isMFAEnabled || v.mfaType !== null, {
    error: 'Choose a method.',
    path: ['mfaType'],
    params: { code: 'mfaMethodRequired' },
  });
export type TUpdateCustomerMfaRequest = z.input<typeof ZUpdateCustomerMfaRequest>;

/** Where the browser goes next in the built-in provider's sign-in interaction. */
export const ZSignInRedirect = z.object({ redirectTo: z.string() });

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZSubmitSignInPasswordRequest = ZSignInRequest;
export type TSubmitSignInPasswordRequest = z.input<typeof ZSubmitSignInPasswordRequest>;
export const ZSubmitSignInPasswordResponse = z.union([ZSignInRedirect, ZMfaChallenge]);
export type TSubmitSignInPasswordResponse = z.infer<typeof ZSubmitSignInPasswordResponse>;
export const ZSubmitSignInMfaCodeRequest = ZVerifyMfaCodeRequest;
export type TSubmitSignInMfaCodeRequest = z.input<typeof ZSubmitSignInMfaCodeRequest>;
export const ZSubmitSignInMfaCodeResponse = ZSignInRedirect;
export type TSubmitSignInMfaCodeResponse = z.infer<typeof ZSubmitSignInMfaCodeResponse>;
export const ZAbortSignInResponse = ZSignInRedirect;
export type TAbortSignInResponse = z.infer<typeof ZAbortSignInResponse>;
export const ZGetSignInInteractionResponse = z.object({
  prompt: z.string(),
  loginHint: z.string().nullable(),
});
export type TGetSignInInteractionResponse = z.infer<typeof ZGetSignInInteractionResponse>;
export const ZVerifyMfaCodeResponse = ZAccessToken;
export type TVerifyMfaCodeResponse = z.infer<typeof ZVerifyMfaCodeResponse>;
export const ZRefreshSessionResponse = ZAccessToken;
export type TRefreshSessionResponse = z.infer<typeof ZRefreshSessionResponse>;
export const ZGetEmailLinkResponse = ZInvitation;
export type TGetEmailLinkResponse = z.infer<typeof ZGetEmailLinkResponse>;
export const ZInviteUserLegacyResponse = ZInviteByEmailResponse;
export type TInviteUserLegacyResponse = z.infer<typeof ZInviteUserLegacyResponse>;
export const ZRequestEmailChangeResponse = z.object({ status: z.literal('confirmationSent') });
export type TRequestEmailChangeResponse = z.infer<typeof ZRequestEmailChangeResponse>;
export const ZGetCurrentUserMfaResponse = ZMfaStatus;
export type TGetCurrentUserMfaResponse = z.infer<typeof ZGetCurrentUserMfaResponse>;

/** The auth service's sign-in page for browsers returns to this path of the web app afterwards. */
export const ZOpenSignInPageRequest = z.object({ returnTo: text().max(2000).optional() });
export type TOpenSignInPageRequest = z.infer<typeof ZOpenSignInPageRequest>;
