/**
 * What a page's long tasks are made of (issue 61): loads a page of the production build in Debian's
 * Chromium at a phone's size, records Chromium's own trace of the load, and prints each task of the
 * page's main thread that ran at least `--min` ms: when it began (from the navigation), whether it
 * came after the first contentful paint (Lighthouse's TBT counts only those), and what it spent its
 * time on: the style pass (and over how many elements), layout (how many objects of how many, and
 * the script that forced it, if one did), the HTML parser, each script by file, paint. Each load's
 * line, and the last line for all of them (the median), also give the blocking time those tasks make
 * as Lighthouse's simulation counts it (each task after the first paint at four times its length,
 * less 50 ms; at its own length with `--phone`): a figure to compare two builds by on a host whose
 * Lighthouse TBT swings too much for a few runs to tell them apart.
 *
 * Unthrottled by default, as Lighthouse observes a page before its simulation counts every task four
 * times over (a 13 ms task here is a 52 ms one to Lighthouse); `--phone` applies a phone's throttling
 * for real (CPU 4x, 150 ms, 1.6 Mbps); `--slow-host` runs it all on one core a busy loop shares, as
 * bench:lighthouse does. It prints and judges nothing: bench:lighthouse holds the budgets, this says
 * where to look when one is missed. Needs `npm run build`.
 *
 *   npm run bench:trace [-- / --runs 2 --min 20 --phone --slow-host]
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { browserUiOffArgs } from '../e2e/browser-ui-off.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/constants.ts';
import { PHONE, throttleLikeAPhone } from '../e2e/phone-profile.ts';
import { median, shareOneCore, startBenchServer } from './measure.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '2' },
    min: { type: 'string', default: '20' },
    phone: { type: 'boolean', default: false },
    'slow-host': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const minMs = Number(values.min);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    data?: { url?: string; documentLoaderURL?: string; stackTrace?: { url: string }[] };
    beginData?: { dirtyObjects?: number; totalObjects?: number; stackTrace?: { url: string }[] };
    elementCount?: number;
  };
}

/** A task of the main thread's loop, as Lighthouse counts them. */
const isTask = (event: TraceEvent) =>
  event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask';
const ms = (microseconds: number) => (microseconds / 1000).toFixed(0);
const fileOf = (url = '') => url.split('/').pop()?.split('?')[0] || '(a module or the page)';
/** The script whose call forced a style pass or a layout, if one did. */
const forcedBy = (event: TraceEvent) => {
  const stack = event.args?.beginData?.stackTrace ?? event.args?.data?.stackTrace;
  return stack?.length ? `, forced by ${fileOf(stack[0]?.url)}` : '';
};
const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'v8.compile',
  'v8.compileModule',
]);
const OTHER: Record<string, string> = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  Layerize: 'layerize',
  Commit: 'commit',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'Decode Image': 'image decode',
  RunMicrotasks: 'microtasks (modules, promises)',
};

/** One task's own time, said in a line. */
function describe(inside: TraceEvent[]): string {
  const parts: string[] = [];
  const styles = inside.filter((event) => event.name === 'UpdateLayoutTree');
  const styleMs = styles.reduce((sum, event) => sum + (event.dur ?? 0), 0);
  if (styleMs >= 1000) {
    const elements = styles.reduce((sum, event) => sum + (event.args?.elementCount ?? 0), 0);
    parts.push(`style ${ms(styleMs)} ms (${elements} elements${styles.map(forcedBy).find(Boolean) ?? ''})`);
  }
  for (const layout of inside.filter((event) => event.name === 'Layout' && (event.dur ?? 0) >= 1000)) {
    const { dirtyObjects = 0, totalObjects = 0 } = layout.args?.beginData ?? {};
    parts.push(
      `layout ${ms(layout.dur ?? 0)} ms (${dirtyObjects} of ${totalObjects} objects${forcedBy(layout)})`,
    );
  }
  const buckets = new Map<string, number>();
  // A script's time includes what it called (a forced layout among it); a script event inside
  // another is that one's time already.
  let scriptEnds = 0;
  for (const event of [...inside].sort((a, b) => a.ts - b.ts)) {
    const script = SCRIPT.has(event.name);
    if (script && event.ts < scriptEnds) continue;
    if (script) scriptEnds = event.ts + (event.dur ?? 0);
    const label = script ? `script ${fileOf(event.args?.data?.url)}` : OTHER[event.name];
    if (label) buckets.set(label, (buckets.get(label) ?? 0) + (event.dur ?? 0));
  }
  for (const [label, time] of buckets) if (time >= 2000) parts.push(`${label} ${ms(time)} ms`);
  if (parts.length) return parts.join(', ');
  // None of those: the longest events inside, by their trace names.
  const longest = [...inside].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 3);
  return (
    longest.map((event) => `${event.name} ${ms(event.dur ?? 0)} ms`).join(', ') || 'nothing traced inside'
  );
}

/** Lighthouse's simulation counts each observed task this many times over (its mobile preset). */
const SLOWDOWN = values.phone ? 1 : 4;
/** What a task blocks beyond this counts toward TBT. */
const LONG_TASK_MS = 50;
const blockingMs: number[] = [];

const stopBusy = values['slow-host'] ? shareOneCore() : undefined;
const server = await startBenchServer({ BENCH_POSTS: '20' });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, ...(await browserUiOffArgs())],
});
const path = positionals[0] ?? '/';
try {
  console.log(
    `${path}: ${runs} loads at ${PHONE.viewport.width} x ${PHONE.viewport.height}, ${values.phone ? "a phone's throttling (CPU 4x)" : 'unthrottled (Lighthouse counts each task four times over)'}${values['slow-host'] ? ', on one core shared with a busy loop' : ''}; the main thread's tasks of ${minMs} ms or more`,
  );
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    if (values.phone) await throttleLikeAPhone(page);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
        'loading',
        'v8.execute',
      ],
    });
    await page.goto(`${server.site}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    // The code starts two frames after the load event; what it sets going ends within seconds.
    await page.waitForTimeout(3000);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents;
    await context.close();
    const fcp = events.find((event) => event.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`no first contentful paint in the trace of ${path}`);
    const onMainThread = (event: TraceEvent) =>
      event.pid === fcp.pid && event.tid === fcp.tid && event.ph === 'X';
    // From the navigation's start as Chromium's page load metrics take it (the browser's own mark,
    // in every trace; the document's request is missing from about one trace in seven).
    const started = events.find(
      (event) => event.name === 'PageLoadMetrics.NavigationToFirstContentfulPaint' && event.ph === 'b',
    );
    if (!started) throw new Error(`no navigation start in the trace of ${path}`);
    const navigation = started.ts;
    const main = events.filter(onMainThread);
    const tasks = main.filter(
      (event) => isTask(event) && (event.dur ?? 0) >= minMs * 1000 && event.ts >= navigation,
    );
    const after = tasks.filter((task) => task.ts >= fcp.ts);
    // Every task after the paint, not only those of --min ms: a 13 ms one blocks 2 ms to Lighthouse.
    const blocking = main
      .filter((event) => isTask(event) && event.ts >= fcp.ts)
      .reduce((sum, task) => sum + Math.max(0, ((task.dur ?? 0) / 1000) * SLOWDOWN - LONG_TASK_MS), 0);
    blockingMs.push(blocking);
    console.log(
      `\nload ${run}: first contentful paint at ${ms(fcp.ts - navigation)} ms; ${tasks.length} tasks, ${after.length} after it (${ms(after.reduce((sum, task) => sum + (task.dur ?? 0), 0))} ms); blocking as Lighthouse counts it ${blocking.toFixed(0)} ms`,
    );
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const inside = main.filter(
        (event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end,
      );
      console.log(
        `  ${ms(task.ts - navigation).padStart(5)} ms ${task.ts >= fcp.ts ? 'after ' : 'before'} ${ms(task.dur ?? 0).padStart(4)} ms: ${describe(inside)}`,
      );
    }
  }
  const sorted = [...blockingMs].sort((a, b) => a - b);
  console.log(
    `\n${path}: blocking as Lighthouse counts it, median of ${runs} loads ${median(blockingMs).toFixed(0)} ms (${sorted.map((value) => value.toFixed(0)).join(', ')})`,
  );
} finally {
  await browser.close();
  server.stop();
  stopBusy?.();
}
