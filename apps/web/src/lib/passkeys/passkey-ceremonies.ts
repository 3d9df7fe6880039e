import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's half of the WebAuthn ceremonies (@simplewebauthn/browser): the Hub sends the
 * options, the browser asks the person's authenticator and answers in the JSON the API expects.
 */
export const supportsPasskeys = () => browserSupportsWebAuthn();

export const createPasskey = (options: PublicKeyCredentialCreationOptionsJSON) =>
  startRegistration({ optionsJSON: options });

export const signWithPasskey = (options: PublicKeyCredentialRequestOptionsJSON) =>
  startAuthentication({ optionsJSON: options });
