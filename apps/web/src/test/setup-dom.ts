// What Mantine needs from a browser that jsdom does not have.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { expectNoContractViolations } from './contract-stub';

// Lazy pages load on first visit; give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/**
 * The API client captures `fetch` when its module loads, so the stub is installed before any
 * module of the app, and each test sets what it answers (see render-route.tsx).
 */
type Fetch = typeof fetch;
// One answer per worker, kept on the global: the route project shares loaded modules between files
// (isolate: false), and this file runs again for each of them.
const slot = globalThis as typeof globalThis & { answerFetch?: Fetch };
slot.answerFetch ??= async () => Response.json({ status: 404 }, { status: 404 });
export function answerFetch(next: Fetch) {
  slot.answerFetch = next;
}
globalThis.fetch = ((input, init) => slot.answerFetch!(input, init)) as Fetch;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    // As in a browser, the empty query matches (mantine-datatable asks it for columns shown always).
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
// Autosizing text areas listen for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The app may have swallowed the rejected call (a query's error state): the test fails here.
  expectNoContractViolations();
});
