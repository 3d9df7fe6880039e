import { z } from 'zod';
import { LANGUAGES, MFA_TYPES } from '../vocabularies.ts';
import { text, ZInt32Id } from './fields.ts';

export const ZLoginRequest = z.object({
  email: text().trim().min(1).max(320),
  password: text().min(1).max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({
  token: z.string().describe('Signed JWT to send as `Authorization: Bearer <token>`'),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

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
});
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

export const ZLoginResponse = z.union([ZTokenResponse, ZMfaChallenge]).meta({ id: 'LoginResponse' });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZMfaCode = text()
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' });

export const ZMfaVerifyRequest = z.object({ challengeId: z.string().uuid(), code: ZMfaCode });

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

export const ZPasswordChangeRequest = z.object({
  currentPassword: text().min(1).max(1024),
  newPassword: ZNewPassword,
});
export type TPasswordChangeRequest = z.infer<typeof ZPasswordChangeRequest>;

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
  ZTokenResponse,
  ZMfaChallenge,
  z.object({ passwordSet: z.literal(true) }),
]);

export const ZAcceptInvitationRequest = z.object({
  token: ZEmailLinkToken,
  password: ZNewPassword,
});

export const ZJoinInvitationRequest = z.object({ token: ZEmailLinkToken });
export const ZJoinInvitationResponse = z
  .object({ customerId: z.number().int(), customerName: z.string() })
  .meta({ id: 'JoinInvitationResponse' });
export type TJoinInvitationResponse = z.infer<typeof ZJoinInvitationResponse>;

export const ZConfirmEmailChangeRequest = z.object({ token: ZEmailLinkToken });

const ZPersonName = text().trim().min(1).max(100);

/** Invite by e-mail (generated client). */
export const ZInviteEmailRequest = z.object({
  email: z.email().max(320),
  firstName: ZPersonName,
  lastName: ZPersonName,
  customerId: ZInt32Id,
  language: z.enum(LANGUAGES).optional(),
});
export type TInviteEmailRequest = z.infer<typeof ZInviteEmailRequest>;

/** Invite by e-mail (older client: POST /user/invite). */
export const ZLegacyInviteRequest = z.object({
  user: z.object({ email: z.email().max(320), firstName: ZPersonName, lastName: ZPersonName }),
  customer: z.object({ id: ZInt32Id }),
});

export const ZInviteResponse = z.object({ status: z.literal('invitationSent') });

export const ZUpdateEmailRequest = z.object({ userId: z.string().uuid(), email: z.email().max(320) });
export type TUpdateEmailRequest = z.infer<typeof ZUpdateEmailRequest>;

export const ZUpdateProfileRequest = z.object({
  firstName: ZPersonName,
  lastName: ZPersonName,
  language: z.enum(LANGUAGES),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZMfaStatus = z
  .object({
    required: z.enum(MFA_TYPES).nullable().describe('The method an account of the user requires, if any'),
    app: z.object({ enrolledAt: z.string().nullable() }),
    email: z.object({ enrolledAt: z.string().nullable() }),
  })
  .meta({ id: 'MfaStatus' });
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

export const ZCustomerMfaRequest = z
  .object({ isMFAEnabled: z.boolean(), mfaType: z.enum(MFA_TYPES).nullable() })
  .refine((v) => !v.isMFAEnabled || v.mfaType !== null, {
    error: 'Choose a method.',
    path: ['mfaType'],
    params: { code: 'mfaMethodRequired' },
  });
