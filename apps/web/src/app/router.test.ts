// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { toRouteObject } from './router';

/** The rest of the catalog arrives when the test says so. */
const rest = vi.hoisted(() => {
  let arrive!: () => void;
  const ready = new Promise<void>((resolve) => (arrive = resolve));
  return { ready, arrive };
});
vi.mock('../lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/i18n')>()),
  fullCatalogReady: () => rest.ready,
}));

const Page = () => null;
const page = async () => ({ default: Page });
const load = (route: ReturnType<typeof toRouteObject>) =>
  (route.lazy as () => Promise<{ Component: unknown }>)().then((loaded) => loaded.Component);
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a lazily loaded page', () => {
  it('that needs the core of the catalog only shows without the rest', async () => {
    const signIn = toRouteObject({ id: 'signIn', path: '/auth/login', page, coreCatalog: true });
    expect(await load(signIn)).toBe(Page);
  });

  it('of a feature waits for the rest of the catalog: it never shows a key', async () => {
    let component: unknown;
    void load(toRouteObject({ id: 'support', path: '/support', page })).then((c) => (component = c));
    await settled();
    expect(component).toBeUndefined();
    rest.arrive();
    await settled();
    expect(component).toBe(Page);
  });
});
