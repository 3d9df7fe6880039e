import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.ts';

describe('redactUrl', () => {
  it('hides e-mailed link tokens in the path and the query', () => {
    expect(redactUrl('/api/auth/invitations/abc123secret')).toBe('/api/auth/invitations/REDACTED');
    expect(redactUrl('/invitation?token=abc123secret')).toBe('/invitation?token=REDACTED');
    expect(redactUrl('/email-change?token=abc&lang=sv')).toBe('/email-change?token=REDACTED&lang=sv');
  });

  it('hides OAuth codes, tokens, hints and verifiers, also encoded or repeated', () => {
    expect(redactUrl('/auth/callback?code=c1&state=s1&iss=x')).toBe(
      '/auth/callback?code=REDACTED&state=s1&iss=x',
    );
    expect(redactUrl('/idp/session/end?id_token_hint=eyJ.a.b&post_logout_redirect_uri=%2F')).toBe(
      '/idp/session/end?id_token_hint=REDACTED&post_logout_redirect_uri=%2F',
    );
    expect(redactUrl('/x?%74oken=a&token=b&refresh_token=c&code_verifier=d')).toBe(
      '/x?token=REDACTED&refresh_token=REDACTED&code_verifier=REDACTED',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/auth/invitations/accept')).toBe('/api/auth/invitations/accept');
    expect(redactUrl('/api/customers/12/users')).toBe('/api/customers/12/users');
    expect(redactUrl('/api/dev/outbox?to=a%40example.com')).toBe('/api/dev/outbox?to=a%40example.com');
    expect(redactUrl('/idp/auth?code_challenge=abc&code_challenge_method=S256')).toBe(
      '/idp/auth?code_challenge=abc&code_challenge_method=S256',
    );
  });
});
