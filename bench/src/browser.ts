// Headless Chromium for the benchmark: launch, network and CPU profiles through the
// DevTools protocol, an init script that marks "painted" moments in the page, and a
// request log (CDP Network events) per page.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import { chromiumLaunchOptions } from '@portal/tooling/chromium';

export interface Profile {
  readonly name: 'mobile' | 'desktop';
  /** Added to every request, ms. */
  readonly latencyMs: number;
  readonly downloadBitsPerSecond: number;
  readonly uploadBitsPerSecond: number;
  readonly cpuSlowdown: number;
}

/** performance.md: mobile = 150 ms, 1.6 Mbit/s, CPU 4×; desktop = 40 ms, 10 Mbit/s, CPU 1×. */
export const profiles: Readonly<Record<Profile['name'], Profile>> = {
  mobile: {
    name: 'mobile',
    latencyMs: 150,
    downloadBitsPerSecond: 1_600_000,
    uploadBitsPerSecond: 750_000,
    cpuSlowdown: 4,
  },
  desktop: {
    name: 'desktop',
    latencyMs: 40,
    downloadBitsPerSecond: 10_000_000,
    uploadBitsPerSecond: 10_000_000,
    cpuSlowdown: 1,
  },
};

export function launch(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions, headless: true });
}

export async function applyProfile(cdp: CDPSession, profile: Profile | undefined, cpuSlowdown?: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send(
    'Network.emulateNetworkConditions',
    profile === undefined
      ? { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
      : {
          offline: false,
          latency: profile.latencyMs,
          downloadThroughput: profile.downloadBitsPerSecond / 8,
          uploadThroughput: profile.uploadBitsPerSecond / 8,
        },
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown ?? profile?.cpuSlowdown ?? 1 });
}

export interface RequestRecord {
  readonly id: string;
  readonly url: string;
  readonly type: string;
  /** Epoch ms when the browser sent it. */
  readonly sentAt: number;
  method: string;
  status?: number;
  encoding?: string;
  /** Bytes on the wire (headers + body) when it finished. */
  transferred?: number;
  /** Epoch ms when the last byte arrived. */
  finishedAt?: number;
  failed?: boolean;
}

/** Every request of a page, from CDP Network events (call `applyProfile` first: it enables the domain). */
export function recordRequests(cdp: CDPSession): RequestRecord[] {
  const log: RequestRecord[] = [];
  const byId = new Map<string, RequestRecord>();
  // CDP's monotonic timestamps → epoch: wallTime and timestamp of the same event.
  let offset = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    offset = e.wallTime - e.timestamp;
    if (e.request.url.startsWith('data:')) return;
    const r: RequestRecord = {
      id: e.requestId,
      url: e.request.url,
      type: e.type ?? 'Other',
      sentAt: e.wallTime * 1000,
      method: e.request.method,
    };
    // A redirect reuses the request id: keep each hop as its own request.
    byId.set(e.requestId, r);
    log.push(r);
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r === undefined) return;
    r.status = e.response.status;
    const headers = e.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    if (encoding !== undefined) r.encoding = encoding;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r === undefined) return;
    r.transferred = e.encodedDataLength;
    r.finishedAt = (e.timestamp + offset) * 1000;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = byId.get(e.requestId);
    if (r !== undefined) r.failed = true;
  });
  return log;
}

/** Selectors of the moments the benchmark waits for. */
export const selectors = {
  /** Launcher tiles: links to the app gate inside the (not busy) launcher list. */
  tile: 'ul:not([aria-busy]) > li a[href^="/flows/auth"]',
  tableRow: 'table:not([aria-busy]) > tbody > tr',
} as const;

/**
 * Runs in every document before its scripts: long tasks, layout shifts, the last click,
 * and `__bench.when(name, test)` which resolves with performance.now() of the first frame
 * painted after `test()` holds (MutationObserver, then a frame and a task).
 */
function initScript(portalOrigin: string): string {
  return `(() => {
  const bench = { longTasks: [], cls: 0, marks: {}, clickAt: undefined, clickEpoch: undefined };
  Object.defineProperty(window, '__bench', { value: bench });
  try { new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true }); } catch {}
  try { new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) bench.cls += e.value; }).observe({ type: 'layout-shift', buffered: true }); } catch {}
  addEventListener('click', () => {
    bench.clickAt = performance.now();
    bench.clickEpoch = performance.timeOrigin + bench.clickAt;
    if (typeof window.__benchMark === 'function') window.__benchMark('click', bench.clickEpoch);
  }, true);
  bench.when = (name, test) => new Promise((resolve) => {
    let done = false;
    const check = () => {
      if (done || !test()) return;
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        const t = performance.now();
        bench.marks[name] = t;
        bench.marks[name + 'Epoch'] = performance.timeOrigin + t;
        if (typeof window.__benchMark === 'function') window.__benchMark(name, performance.timeOrigin + t);
        resolve(t);
      }, 0));
    };
    const observer = new MutationObserver(check);
    // characterData: a table may update its rows' text in place rather than replace them.
    observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
    check();
  });
  bench.count = (selector) => document.querySelectorAll(selector).length;
  // Whether an element matching selector shows up (e.g. a Suspense fallback during a route switch).
  bench.watch = (selector) => {
    bench.seen = false;
    // Only what appears after the watch starts: added elements, or an attribute turning it on.
    const o = new MutationObserver((records) => {
      for (const r of records) {
        if (bench.seen) return;
        if (r.type === 'attributes' && r.target instanceof Element && r.target.matches(selector)) bench.seen = true;
        for (const n of r.addedNodes) if (n instanceof Element && (n.matches(selector) || n.querySelector(selector) !== null)) bench.seen = true;
      }
    });
    o.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    bench.unwatch = () => { o.disconnect(); return bench.seen; };
  };
  if (location.origin === ${JSON.stringify(portalOrigin)}) {
    bench.when('ready', () => document.querySelector(${JSON.stringify(selectors.tile)}) !== null);
  }
})();`;
}

export async function newBenchPage(
  browser: Browser,
  portalOrigin: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(storageState === undefined ? {} : { storageState }),
  });
  await context.addInitScript({ content: initScript(portalOrigin) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** JS heap after garbage collection (bytes) and the DOM's element count. */
export async function memory(
  page: Page,
  cdp: CDPSession,
): Promise<{ heapBytes: number; elements: number; domNodes: number }> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { heapBytes: heap.usedSize, elements, domNodes: counters.nodes };
}
