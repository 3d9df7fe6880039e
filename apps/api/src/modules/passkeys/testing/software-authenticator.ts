import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for API tests: ES256 keys from Node's crypto, "none"
 * attestation, and answers shaped as @simplewebauthn/browser sends them. Every value the server
 * checks (origin, rp id, flags, counter, challenge) can be set wrong on purpose.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | Record<string, never>;

/** The few CBOR major types WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
function encodeCbor(value: Cbor): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    if (length < 65_536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : [];
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)]),
  ]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type Ceremony = {
  /** Defaults to the relying party's origin and id. */
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** Signature counter to report; defaults to one more than the last. */
  counter?: number;
  type?: string;
};

export type SoftwareCredential = {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
};

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(private readonly rp: { origin: string; id: string }) {}

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      createHash('sha256').update(rpId).digest(),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  /** Creates a discoverable credential for the options of navigator.credentials.create(). */
  register(options: { challenge: string; user: { id: string } }, ceremony: Ceremony = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(16);
    const cose = encodeCbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(ceremony.rpId ?? this.rp.id, flags, ceremony.counter ?? 0, attested);
    const attestationObject = encodeCbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const credential = { id: id.toString('base64url'), privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: this.clientData(
          ceremony.type ?? 'webauthn.create',
          options.challenge,
          ceremony.origin ?? this.rp.origin,
        ).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal' as const],
      },
    };
  }

  /** Signs the options of navigator.credentials.get() with a credential (the newest by default). */
  authenticate(
    options: { challenge: string },
    ceremony: Ceremony & { credential?: SoftwareCredential } = {},
  ) {
    const credential = ceremony.credential ?? this.credentials.at(-1)!;
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(ceremony.rpId ?? this.rp.id, flags, credential.counter);
    const clientDataJSON = this.clientData(
      ceremony.type ?? 'webauthn.get',
      options.challenge,
      ceremony.origin ?? this.rp.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
    };
  }
}
