/**
 * Lighthouse (the npm package, mobile preset: a mid-range phone on a slow 4G link with 4x CPU
 * slow-down) in Debian's Chromium against the production build on a freshly seeded database:
 * /, /blog, a post and a project, `--runs` times each (3 by default), a fresh browser per run.
 * Prints each page's median scores (performance, accessibility, best practices, SEO) and median
 * LCP, TBT and CLS, compares them with the budgets of docs/architecture.md and exits 1 when one
 * is missed. Needs `npm run build`. Nothing leaves the machine: the site and the browser are local.
 *
 *   npm run bench:lighthouse [-- --runs 3 --pages /,/blog]
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/constants.ts';
import { save, startBenchServer } from './measure.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
  },
});
const runs = Number(values.runs);

const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const MAX_TBT_MS = 200;
const MAX_CLS = 0.05;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

interface Run {
  scores: Record<keyof typeof BUDGET, number>;
  lcp: number;
  tbt: number;
  cls: number;
}

/** One Lighthouse run; a run Lighthouse itself reports as broken (NO_NAVSTART and the like) is tried again. */
async function audit(url: string, tries = 3): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= tries) throw error;
    }
  }
}

async function auditOnce(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(BUDGET),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: audits['total-blocking-time']?.numericValue ?? 0,
      cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

const server = await startBenchServer({ BENCH_POSTS: '20' });
const pages = values.pages?.split(',') ?? ['/', '/blog', server.post, server.project];
const rows: Record<string, unknown>[] = [];
let ok = true;
try {
  console.log(`Lighthouse ${runs} runs per page, mobile preset, Debian Chromium; median of the runs`);
  console.log(`${'page'.padEnd(36)} perf  a11y  best   seo    LCP ms   TBT ms    CLS`);
  for (const path of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await audit(`${server.site}${path}`));
    const scores = Object.fromEntries(
      Object.keys(BUDGET).map((key) => [
        key,
        median(results.map((r) => r.scores[key as keyof typeof BUDGET])),
      ]),
    ) as Run['scores'];
    const lcp = median(results.map((r) => r.lcp));
    const tbt = median(results.map((r) => r.tbt));
    const cls = median(results.map((r) => r.cls));
    const misses = [
      ...Object.entries(BUDGET)
        .filter(([key, min]) => scores[key as keyof typeof BUDGET] < min)
        .map(([key, min]) => `${key} < ${min}`),
      ...(tbt >= MAX_TBT_MS ? [`TBT >= ${MAX_TBT_MS} ms`] : []),
      ...(cls >= MAX_CLS ? [`CLS >= ${MAX_CLS}`] : []),
    ];
    ok &&= misses.length === 0;
    rows.push({ path, scores, lcp, tbt, cls, misses });
    console.log(
      `${path.padEnd(36)} ${String(scores.performance).padStart(4)} ${String(scores.accessibility).padStart(5)} ${String(
        scores['best-practices'],
      ).padStart(5)} ${String(scores.seo).padStart(5)} ${lcp.toFixed(0).padStart(9)} ${tbt
        .toFixed(0)
        .padStart(
          8,
        )} ${cls.toFixed(3).padStart(6)}   ${misses.length ? `MISSED: ${misses.join(', ')}` : 'ok'}`,
    );
  }
} finally {
  server.stop();
}
save('lighthouse', { runs, rows });
console.log(
  ok
    ? '\nwithin budget'
    : `\nBUDGET MISSED (performance >= ${BUDGET.performance}, the other scores 100, TBT < ${MAX_TBT_MS} ms, CLS < ${MAX_CLS})`,
);
process.exit(ok ? 0 : 1);
