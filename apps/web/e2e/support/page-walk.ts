import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import type { ExpectedStatus } from '../page-walk-table.ts';
import { expectAccessible, hasHorizontalOverflow, type Hub } from './hub.ts';

/**
 * One signed-in tab that opens page after page and says what is wrong with each (issue 21):
 * console errors, unexpected API error answers, raw translation keys, sideways scrolling and axe
 * violations. It also records layout shift and CSP violations per page, which the walk reports.
 */

const catalog = JSON.parse(
  readFileSync(new URL('../../src/locales/en-SE.json', import.meta.url), 'utf8'),
) as Record<string, unknown> & { common: { loading: string } };

/**
 * A catalog key on screen, e.g. `tracking.files.title`: a top-level section of the catalog followed
 * by dotted names. Only the catalog's own sections count, so `example.com` in an address does not.
 */
const RAW_KEY = new RegExp(
  // Not part of an e-mail address or a URL (`support.se@servicehub.example`, `https://app.example`).
  `(?<![\\w.@/-])(?:${Object.keys(catalog).join('|')})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*(?![\\w@/-]|\\.\\w)`,
  'g',
);
/** What i18next shows for a key that names a section of the catalog instead of a text. */
const OBJECT_KEY_MARKER = /returned an object instead of string/;
const LOADING_TEXT = catalog.common.loading;

/** The notifications stream stays open as long as the page does: it is never "in flight". */
const LONG_LIVED = /\/api\/notifications\/stream/;
const HEADING_TIMEOUT_MS = 15_000;
const SETTLE_TIMEOUT_MS = 20_000;
/** No request in flight for this long counts as the network being idle. */
const QUIET_MS = 200;

export type PageRecord = {
  /** Largest session window of layout shifts without recent input (as CLS is defined). */
  cls: number;
  /** `directive blocked-address` of each securitypolicyviolation event. */
  csp: string[];
};

type Shift = { value: number; time: number };
type WalkGlobals = { __pageWalk: { shifts: Shift[]; csp: string[] } };

/**
 * Runs in every document before the app: layout shifts (buffered, so those before the observer
 * count too) and CSP violations, kept where the walk reads and resets them per page.
 */
function recordLayoutShiftsAndCsp() {
  const walk: WalkGlobals['__pageWalk'] = { shifts: [], csp: [] };
  (window as unknown as WalkGlobals).__pageWalk = walk;
  type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (!entry.hadRecentInput) walk.shifts.push({ value: entry.value, time: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('securitypolicyviolation', (event) => {
    walk.csp.push(`${event.effectiveDirective} ${event.blockedURI || '(inline)'}`);
  });
}

/** CLS: the largest burst of shifts less than 1 s apart, at most 5 s long. */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let largest = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.time - previous > 1_000 || shift.time - windowStart > 5_000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    previous = shift.time;
    largest = Math.max(largest, current);
  }
  return largest;
}

const pathAndQuery = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

export class PageWalker {
  private problems: Promise<string>[] = [];
  private inFlight = new Set<Request>();
  private lastNetworkActivity = Date.now();
  private expected: readonly ExpectedStatus[] = [];
  /** The next visit loads the document afresh (first page, new width, after a failed page). */
  private needsFullLoad = true;

  private constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
  ) {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // The API's error answers are judged by their status (expectStatuses), CSP reports are recorded.
      if (/^Failed to load resource/.test(text) && message.location().url.includes('/api/')) return;
      if (/Content Security Policy/.test(text)) return;
      this.problems.push(Promise.resolve(`console error: ${text}`));
    });
    page.on('pageerror', (error) => this.problems.push(Promise.resolve(`page error: ${error.message}`)));
    page.on('request', (request) => {
      if (LONG_LIVED.test(request.url())) return;
      this.inFlight.add(request);
      this.lastNetworkActivity = Date.now();
    });
    const done = (request: Request) => {
      this.inFlight.delete(request);
      this.lastNetworkActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (response) => this.judgeApiAnswer(response));
  }

  /** A tab of its own (one browser context) for a user of the hub, not yet signed in. */
  static async start(hub: Hub, width: number): Promise<PageWalker> {
    const context = await hub.browser.newContext({
      baseURL: hub.baseUrl,
      viewport: { width, height: 800 },
      locale: 'en-SE',
    });
    await context.addInitScript(recordLayoutShiftsAndCsp);
    return new PageWalker(await context.newPage(), context);
  }

  async setWidth(width: number) {
    if (this.page.viewportSize()?.width === width) return;
    await this.page.setViewportSize({ width, height: 800 });
    // Each width walks from a fresh load, so its layout shifts are its own and no data is cached.
    this.needsFullLoad = true;
  }

  /**
   * Opens `path`, waits for it to settle and returns what is wrong with it (empty when nothing is)
   * and what it recorded. A page that shows no heading or never stops loading throws.
   */
  async check(
    path: string,
    expectStatuses: readonly ExpectedStatus[] = [],
  ): Promise<{ problems: string[]; record: PageRecord }> {
    this.expected = expectStatuses;
    try {
      const reloaded = await this.navigate(path);
      await this.waitUntilSettled(path);
      if (!reloaded && (await this.unexpectedAddress(path)).length > 0) {
        // Once in about 400 pages (single sign-on) the app went back to the previous page's address,
        // a navigation of its own overtaking the walk's history entry. A fresh load of the address
        // tells that race from a real redirect, which lands elsewhere again and is reported.
        this.needsFullLoad = true;
        await this.navigate(path);
        await this.waitUntilSettled(path);
      }
    } catch (error) {
      this.needsFullLoad = true;
      throw error;
    }
    const record = await this.readRecord();
    const found = [
      ...(await this.unexpectedAddress(path)),
      ...(await this.rawKeys()),
      ...((await hasHorizontalOverflow(this.page)) ? ['scrolls sideways (horizontal overflow)'] : []),
      ...(await this.axeViolations()),
    ];
    // Console and network reports that arrived while the checks ran belong to this page as well.
    const reported = await Promise.all(this.problems);
    this.problems = [];
    return { problems: [...reported, ...found], record };
  }

  async close() {
    await this.context.close();
  }

  /**
   * Goes to `path` with a fresh load when needed (true), otherwise the way the app's own links move:
   * a history entry and a popstate event, which React Router follows without reloading the app
   * (4–5× faster than a load).
   */
  private async navigate(path: string): Promise<boolean> {
    await this.page.evaluate(() => {
      const walk = (window as unknown as Partial<WalkGlobals>).__pageWalk;
      if (walk) Object.assign(walk, { shifts: [], csp: [] });
      // Marks what the previous page showed, so the new page's first new element can be told apart.
      document
        .querySelectorAll('#main, #main *')
        .forEach((element) => element.setAttribute('data-walked', ''));
    });
    this.problems = [];
    const here = pathAndQuery(this.page.url());
    if (this.needsFullLoad || here === path) {
      this.needsFullLoad = false;
      await this.page.goto(path);
      return true;
    }
    await this.page.evaluate((to) => {
      const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
    await this.page
      .waitForFunction(
        (wanted) => {
          const main = document.querySelector('#main');
          const shown =
            !main?.hasAttribute('data-walked') || main.querySelector(':not([data-walked])') !== null;
          return shown || window.location.pathname !== wanted;
        },
        new URL(path, 'http://walk').pathname,
        { timeout: SETTLE_TIMEOUT_MS },
      )
      .catch(() => {
        throw new Error(`${path}: the app did not show a new page within ${SETTLE_TIMEOUT_MS / 1000} s`);
      });
    return false;
  }

  /**
   * Settled: a visible level-1 heading, nothing loading (no "Loading…" as text or as a spinner's
   * name, nothing aria-busy) and no request in flight for a while.
   */
  private async waitUntilSettled(path: string) {
    const heading = this.page.locator('h1').first();
    await heading.waitFor({ state: 'visible', timeout: HEADING_TIMEOUT_MS }).catch(async () => {
      const text = (await this.visibleText()).replace(/\s+/g, ' ').trim().slice(0, 200);
      throw new Error(
        `${path} shows no level-1 heading after ${HEADING_TIMEOUT_MS / 1000} s: ` +
          (text ? `a blank or broken page; it says "${text}"` : 'a blank page'),
      );
    });
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const quiet = this.inFlight.size === 0 && Date.now() - this.lastNetworkActivity >= QUIET_MS;
      const loading = await this.page.evaluate(
        (text) =>
          document.body.innerText.includes(text) ||
          document.querySelector(`[aria-label="${text}"], [aria-busy="true"]`) !== null,
        LOADING_TEXT,
      );
      if (quiet && !loading) return;
      if (Date.now() > deadline) {
        const pending = [...this.inFlight].map((request) => pathAndQuery(request.url()));
        throw new Error(
          `${path} has not settled after ${SETTLE_TIMEOUT_MS / 1000} s: ` +
            (loading ? `it still says "${LOADING_TEXT}"` : `requests in flight: ${pending.join(', ')}`),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private visibleText(): Promise<string> {
    return this.page.evaluate(() => document.body.innerText);
  }

  /** Any 4xx or 5xx from the API that the row does not expect, with the API's own explanation. */
  private judgeApiAnswer(response: Response) {
    const { pathname } = new URL(response.url());
    const status = response.status();
    if (!pathname.startsWith('/api/') || status < 400) return;
    if (this.expected.some((e) => e.status === status && pathname.startsWith(e.api))) return;
    const request = response.request();
    const what = `API ${status} for ${request.method()} ${pathAndQuery(response.url())}`;
    this.problems.push(
      response
        .json()
        .then((body: { detail?: string }) => `${what}: ${body.detail ?? JSON.stringify(body)}`)
        .catch(() => what),
    );
  }

  /** The walk opens pages the user may open: landing anywhere else (a refusal, a fallback) is wrong. */
  private async unexpectedAddress(path: string): Promise<string[]> {
    const wanted = new URL(path, 'http://walk');
    const actual = new URL(this.page.url());
    // The guard may add the active account to the address; nothing else may change.
    actual.searchParams.delete('activeAccountId');
    const same =
      actual.pathname === wanted.pathname &&
      actual.searchParams.toString() === wanted.searchParams.toString();
    return same ? [] : [`landed on ${pathAndQuery(this.page.url())} instead`];
  }

  /** Catalog keys (or i18next's marker) in the text, tab title or accessible names on screen. */
  private async rawKeys(): Promise<string[]> {
    const texts = await this.page.evaluate(() => [
      document.title,
      document.body.innerText,
      ...[...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap((element) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ]);
    const keys = new Set(texts.flatMap((text) => text.match(RAW_KEY) ?? []));
    const marker = texts.some((text) => OBJECT_KEY_MARKER.test(text));
    return [
      ...[...keys].map((key) => `raw translation key on screen: ${key}`),
      ...(marker ? ['i18next marker on screen: "returned an object instead of string"'] : []),
    ];
  }

  private async axeViolations(): Promise<string[]> {
    try {
      await expectAccessible(this.page);
      return [];
    } catch (error) {
      // expectAccessible's assertion holds the violations as `actual`; its message abbreviates them.
      const violations = (error as { actual?: unknown }).actual;
      return Array.isArray(violations)
        ? violations.map((violation) => `axe: ${String(violation)}`)
        : [`axe: ${(error as Error).message}`];
    }
  }

  private async readRecord(): Promise<PageRecord> {
    const walk = await this.page.evaluate(() => (window as unknown as WalkGlobals).__pageWalk);
    return { cls: cumulativeLayoutShift(walk.shifts), csp: [...new Set(walk.csp)] };
  }
}
