import { spawn } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';

/** How many cores were idle over the last `overMs` (summed idle time of all cores). */
async function idleCores(overMs = 1_000): Promise<number> {
  const times = () => cpus().map((cpu) => cpu.times);
  const before = times();
  await new Promise((resolve) => setTimeout(resolve, overMs));
  const after = times();
  let idle = 0;
  let total = 0;
  after.forEach((now, index) => {
    const then = before[index]!;
    const spent = (key: keyof typeof now) => now[key] - then[key];
    idle += spent('idle');
    total += spent('idle') + spent('user') + spent('nice') + spent('sys') + spent('irq');
  });
  return total > 0 ? (idle / total) * after.length : after.length;
}

/**
 * Keeps every core of this machine busy, as other work on a shared machine does: a process spinning
 * at normal priority for each core that is idle now, so that an idle machine becomes a busy one and
 * a machine busy already is not buried. Each stops by itself after `forMs`, so a test that dies
 * half-way leaves nothing behind for long; `stop` ends them at once.
 */
export async function keepProcessorsBusy(
  forMs: number,
): Promise<{ processes: number; idleCores: number; stop: () => void }> {
  const idle = await idleCores();
  const processes = Math.min(availableParallelism(), Math.round(idle));
  const code = `const end = Date.now() + ${Math.round(forMs)}; while (Date.now() < end) {}`;
  const children = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['-e', code], { stdio: 'ignore' }),
  );
  return {
    processes,
    idleCores: idle,
    stop: () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}

/**
 * A slow machine's browser tab: its processor `cpuRate` times slower, each request `latencyMs`
 * later, and Playwright waiting up to `timeoutMs` for each step (a busy machine's sign-in redirects
 * alone can take longer than the default 30 s).
 */
export async function slowDown(page: Page, { cpuRate = 4, latencyMs = 100, timeoutMs = 60_000 } = {}) {
  page.setDefaultTimeout(timeoutMs);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** What the main area of the page showed at one moment, in ms since its document began. */
export type MainAreaSample = {
  at: number;
  /** The frame's `<main>`, or the whole app (`#root`) before the frame is there. */
  area: 'main' | 'root';
  shows: 'loading' | 'content' | 'blank';
  text: string;
};

declare global {
  interface Window {
    __mainAreaSamples?: MainAreaSample[];
  }
}

/**
 * Runs in every document: notes what the main area shows every 50 ms and after every change of
 * the page — the signed-in frame's `<main>`, or the whole app before the frame is there. Loading
 * is a `role="status"` inside it (the loading page's spinner), content is any text; anything else
 * is a blank page. Before the document has parsed its `#root` the browser still shows the
 * previous page, so nothing is noted.
 */
function sampleMainArea() {
  const samples: MainAreaSample[] = [];
  window.__mainAreaSamples = samples;
  const begun = performance.now();
  const note = () => {
    const main = document.querySelector('main');
    const area = main ?? document.getElementById('root');
    if (!area) return;
    const text = (area.textContent ?? '').trim();
    const shows = area.querySelector('[role="status"]') ? 'loading' : text ? 'content' : 'blank';
    const last = samples.at(-1);
    if (last?.shows !== shows || last.area !== (main ? 'main' : 'root'))
      samples.push({
        at: Math.round(performance.now() - begun),
        area: main ? 'main' : 'root',
        shows,
        text: text.slice(0, 60),
      });
  };
  setInterval(note, 50);
  document.addEventListener('DOMContentLoaded', () => {
    note();
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

/** Notes what the main area shows in every document of the context from now on. */
export async function watchMainArea(context: BrowserContext) {
  await context.addInitScript(sampleMainArea);
}

/** What the main area of the page's current document showed, in order (one entry per change). */
export async function mainAreaHistory(page: Page): Promise<MainAreaSample[]> {
  return page.evaluate(() => window.__mainAreaSamples ?? []);
}
