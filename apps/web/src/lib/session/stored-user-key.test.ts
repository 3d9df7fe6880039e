import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import type { TRuntimeConfig } from '@service-hub/contracts';
import { storedUserKey } from './sso-session';

describe('storedUserKey', () => {
  it('is where the real oidc-client-ts stores the user, with the tokens a page reads before loading it', async () => {
    const written = new Map<string, string>();
    const store = {
      getItem: (key: string) => written.get(key) ?? null,
      setItem: (key: string, value: string) => void written.set(key, value),
      removeItem: (key: string) => void written.delete(key),
      key: (index: number) => [...written.keys()][index] ?? null,
      get length() {
        return written.size;
      },
      clear: () => written.clear(),
    };
    const oidc = { authority: 'https://idp.example.com/realms/hub', clientId: 'service-hub' };
    const manager = new UserManager({
      authority: oidc.authority,
      client_id: oidc.clientId,
      redirect_uri: 'https://hub.example.com/auth/callback',
      userStore: new WebStorageStateStore({ store }),
    });
    await manager.storeUser(
      new User({
        id_token: 'id.token.sig',
        access_token: 'access',
        token_type: 'Bearer',
        profile: {} as never,
      }),
    );

    const stored = written.get(storedUserKey({ oidc } as TRuntimeConfig));
    expect(stored && JSON.parse(stored)).toMatchObject({ id_token: 'id.token.sig', access_token: 'access' });
  });
});
