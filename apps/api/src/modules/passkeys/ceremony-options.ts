import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialDescriptorJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TRANSPORTS } from '@service-hub/contracts';

type Transport = (typeof PASSKEY_TRANSPORTS)[number];
export const isTransport = (value: string): value is Transport => PASSKEY_TRANSPORTS.some((t) => t === value);

/**
 * @simplewebauthn types credential descriptors loosely (any string as type and transport); the
 * contract names the values browsers know, so the options are restated in those terms.
 */
const descriptorsOf = (descriptors: PublicKeyCredentialDescriptorJSON[] | undefined) =>
  descriptors?.map((d) => ({
    id: d.id,
    type: 'public-key' as const,
    ...(d.transports ? { transports: d.transports.filter(isTransport) } : {}),
  }));

export const creationOptionsOf = (options: PublicKeyCredentialCreationOptionsJSON) => ({
  ...options,
  excludeCredentials: descriptorsOf(options.excludeCredentials),
});

export const requestOptionsOf = (options: PublicKeyCredentialRequestOptionsJSON) => ({
  ...options,
  allowCredentials: descriptorsOf(options.allowCredentials),
});
