// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('whose code does not arrive', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });
    const failedFetch = () => new TypeError('Failed to fetch dynamically imported module: /assets/page.js');

    it('is asked for again after a pause, and shows once it arrives', async () => {
      vi.useFakeTimers();
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const flaky = vi.fn<typeof page>().mockRejectedValueOnce(failedFetch()).mockImplementation(page);
      const loaded = load(
        toRouteObject({ id: 'signIn', path: '/auth/login', page: flaky, coreCatalog: true }),
      );
      await vi.advanceTimersByTimeAsync(500);
      expect(await loaded).toBe(Page);
      expect(flaky).toHaveBeenCalledTimes(2);
    });

    it('fails after the last try, for the route’s error boundary to say so', async () => {
      vi.useFakeTimers();
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const gone = vi.fn<typeof page>().mockRejectedValue(failedFetch());
      const loaded = load(
        toRouteObject({ id: 'signIn', path: '/auth/login', page: gone, coreCatalog: true }),
      );
      const outcome = expect(loaded).rejects.toThrow('Failed to fetch dynamically imported module');
      await vi.advanceTimersByTimeAsync(7_500);
      await outcome;
      expect(gone).toHaveBeenCalledTimes(4);
    });
  });
});
