import { describe, expect, it } from 'vitest';
import { appLinks } from './links';

describe('shared link builders', () => {
  it('write the sign-in addresses exactly as the pages wrote them by hand', () => {
    expect(appLinks.signIn()).toBe('/auth/login');
    expect(appLinks.signIn({ signedOut: true })).toBe('/auth/login?signedOut=1');
    expect(appLinks.signIn({ cancelled: true, returnTo: '/tracking/files?status=Rejected' })).toBe(
      '/auth/login?cancelled=1&returnTo=%2Ftracking%2Ffiles%3Fstatus%3DRejected',
    );
    expect(appLinks.signInCallback('a b+c', '/dashboard')).toBe(
      '/auth/callback?token=a%20b%2Bc&returnTo=%2Fdashboard',
    );
    expect(appLinks.signInCallback()).toBe('/auth/callback');
  });

  it('keep the query of the dashboard link', () => {
    expect(appLinks.dashboard('?activeAccountId=3')).toBe('/dashboard?activeAccountId=3');
  });
});
