import { z } from 'zod';
import { text } from './fields.ts';

/**
 * Passkeys (WebAuthn): the ceremonies' options as the server sends them and the browser's answers
 * as @simplewebauthn/browser serialises them (`RegistrationResponseJSON`,
 * `AuthenticationResponseJSON`). Binary values travel as base64url with bounds well above what
 * authenticators send: a credential id is at most 1023 bytes (WebAuthn L3, 5.8.3).
 */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Not a base64url value.' });

const ZCredentialId = base64url(1400).min(1);
const ZChallengeId = z.uuid();

export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const ZTransport = z.enum(PASSKEY_TRANSPORTS);

/** At most this many passkeys per user: enough for every device, bounded for the lists and ceremonies. */
export const PASSKEY_LIMIT = 20;
export const PASSKEY_NAME_MAX_LENGTH = 100;

export const ZPasskeyName = text()
  .trim()
  .min(1)
  .max(PASSKEY_NAME_MAX_LENGTH)
  .refine((value) => !/[\p{Cc}\p{Cf}]/u.test(value), {
    error: 'Use letters, digits and punctuation only.',
    params: { code: 'invalidCharacters' },
  });

const ZExtensionResults = z
  .object({
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
  })
  .describe('Client extension results; the Hub reads none beyond credProps');

const ZAuthenticatorAttachment = z.enum(['platform', 'cross-platform']);

export const ZPasskeyRegistrationResponse = z
  .object({
    id: ZCredentialId,
    rawId: ZCredentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: ZAuthenticatorAttachment.optional(),
    clientExtensionResults: ZExtensionResults,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(65_536),
      authenticatorData: base64url(65_536).optional(),
      // Browsers may name transports this list does not know yet: kept out, not refused.
      transports: z.array(text().max(32)).max(16).optional(),
      publicKeyAlgorithm: z.number().int().min(-65_536).max(65_536).optional(),
      publicKey: base64url(4096).optional(),
    }),
  })
  .describe("The browser's answer to navigator.credentials.create(), as RegistrationResponseJSON");

export const ZPasskeyAuthenticationResponse = z
  .object({
    id: ZCredentialId,
    rawId: ZCredentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: ZAuthenticatorAttachment.optional(),
    clientExtensionResults: ZExtensionResults,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(8192),
      signature: base64url(2048),
      userHandle: base64url(128).optional(),
    }),
  })
  .describe("The browser's answer to navigator.credentials.get(), as AuthenticationResponseJSON");

const ZCredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(ZTransport).optional(),
});

const ZUserVerification = z.enum(['required', 'preferred', 'discouraged']);

/** PublicKeyCredentialCreationOptionsJSON, for @simplewebauthn/browser's startRegistration. */
export const ZPasskeyCreationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: ZAuthenticatorAttachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: ZUserVerification.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser's startAuthentication. */
export const ZPasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: ZUserVerification.optional(),
});

export const ZPasskey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    created: z.string().describe('ISO 8601'),
    lastUsedAt: z.string().nullable().describe('ISO 8601; null until first used to sign in'),
    deviceType: z.enum(['singleDevice', 'multiDevice']),
    backedUp: z.boolean().describe('Synced to other devices by its provider'),
  })
  .meta({ id: 'Passkey' });
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeyIdParam = z.object({ passkeyId: z.uuid() });

export const ZListPasskeysResponse = z.array(ZPasskey);
export type TListPasskeysResponse = z.infer<typeof ZListPasskeysResponse>;

export const ZStartPasskeyRegistrationResponse = z.object({
  challengeId: ZChallengeId,
  options: ZPasskeyCreationOptions,
});
export type TStartPasskeyRegistrationResponse = z.infer<typeof ZStartPasskeyRegistrationResponse>;

export const ZRegisterPasskeyRequest = z
  .object({ challengeId: ZChallengeId, name: ZPasskeyName, response: ZPasskeyRegistrationResponse })
  .strict();
export type TRegisterPasskeyRequest = z.input<typeof ZRegisterPasskeyRequest>;
export const ZRegisterPasskeyResponse = ZPasskey;
export type TRegisterPasskeyResponse = z.infer<typeof ZRegisterPasskeyResponse>;

export const ZRenamePasskeyRequest = z.object({ name: ZPasskeyName }).strict();
export type TRenamePasskeyRequest = z.input<typeof ZRenamePasskeyRequest>;
export const ZRenamePasskeyResponse = ZPasskey;
export type TRenamePasskeyResponse = z.infer<typeof ZRenamePasskeyResponse>;

/**
 * Starts a passkey sign-in: without `mfaChallengeId` a sign-in with the passkey alone (any
 * discoverable credential, user verification required); with it, the second factor of the sign-in
 * that challenge belongs to (that user's passkeys only).
 */
export const ZStartPasskeySignInRequest = z.object({ mfaChallengeId: ZChallengeId.optional() }).strict();
export type TStartPasskeySignInRequest = z.input<typeof ZStartPasskeySignInRequest>;
export const ZStartPasskeySignInResponse = z.object({
  challengeId: ZChallengeId,
  options: ZPasskeyRequestOptions,
});
export type TStartPasskeySignInResponse = z.infer<typeof ZStartPasskeySignInResponse>;

export const ZSignInWithPasskeyRequest = z
  .object({ challengeId: ZChallengeId, response: ZPasskeyAuthenticationResponse })
  .strict();
export type TSignInWithPasskeyRequest = z.input<typeof ZSignInWithPasskeyRequest>;
export const ZSignInWithPasskeyResponse = z.object({
  token: z.string().describe('Signed JWT to send as `Authorization: Bearer <token>`'),
});
export type TSignInWithPasskeyResponse = z.infer<typeof ZSignInWithPasskeyResponse>;

/** The built-in identity provider's interaction: the same ceremony, answered with where to go next. */
export const ZStartSignInPasskeyRequest = ZStartPasskeySignInRequest;
export type TStartSignInPasskeyRequest = TStartPasskeySignInRequest;
export const ZStartSignInPasskeyResponse = ZStartPasskeySignInResponse;
export type TStartSignInPasskeyResponse = TStartPasskeySignInResponse;
export const ZSubmitSignInPasskeyRequest = ZSignInWithPasskeyRequest;
export type TSubmitSignInPasskeyRequest = TSignInWithPasskeyRequest;
export const ZSubmitSignInPasskeyResponse = z.object({ redirectTo: z.string() });
export type TSubmitSignInPasskeyResponse = z.infer<typeof ZSubmitSignInPasskeyResponse>;

export const ZResetUserSecondFactorsResponse = z.object({
  passkeysRemoved: z.number().int(),
  authenticatorAppRemoved: z.boolean(),
});
export type TResetUserSecondFactorsResponse = z.infer<typeof ZResetUserSecondFactorsResponse>;
