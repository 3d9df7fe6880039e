import { vi } from 'vitest';

/**
 * A browser with WebAuthn for route tests (jsdom has none): `navigator.credentials` answers with a
 * credential shaped as a browser's, or with the DOMException a browser throws. The API stubs then
 * see exactly the JSON @simplewebauthn/browser builds from it.
 */
const bytes = (text: string) => new TextEncoder().encode(text).buffer;

export function fakeWebAuthn() {
  const create = vi.fn(async () => ({
    id: 'Y3JlZGVudGlhbC0x',
    rawId: bytes('credential-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
    response: {
      clientDataJSON: bytes('{"type":"webauthn.create"}'),
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal', 'hybrid'],
    },
  }));
  const get = vi.fn(async () => ({
    id: 'Y3JlZGVudGlhbC0x',
    rawId: bytes('credential-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      authenticatorData: bytes('authenticator-data'),
      signature: bytes('signature'),
      userHandle: bytes('user'),
    },
  }));
  // What @simplewebauthn/browser looks for to tell that the browser has WebAuthn.
  vi.stubGlobal('PublicKeyCredential', vi.fn());
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create, get } });
  return {
    create,
    get,
    /** The person cancels, or lets the browser's prompt time out. */
    refuse: (name: 'NotAllowedError' | 'InvalidStateError') => {
      const refusal = () => Promise.reject(new DOMException('The operation was not allowed.', name));
      create.mockImplementationOnce(refusal);
      get.mockImplementationOnce(refusal);
    },
    remove: () => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'credentials');
    },
  };
}
