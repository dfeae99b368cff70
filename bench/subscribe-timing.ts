/**
 * The newsletter's sign-up answers in the same time whatever the address's state (issue 45,
 * point 8): a new address (a row and a rendered confirmation email), one waiting for its
 * confirmation, and one already on the list. Each is sent `--rounds` times, interleaved, in
 * process (app.inject, each from an address of its own so the per-IP limit stays out of the way),
 * with a bare route (`/healthz`) in the same rounds for scale.
 *
 * Budget (docs/architecture.md): the medians of the three differ by at most 1 ms. Exits 1 when not.
 *
 *   npm run bench:subscribe [-- --rounds 200]
 */
import { parseArgs } from 'node:util';
import { createTestApp } from '../server/testing/test-app.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const rounds = Number(values.rounds);
/** Budget: the largest difference between the three states' medians, in milliseconds. */
const BUDGET_MS = 1;

const t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://bench.example' } });
let ip = 0;
const from = () => `10.9.${Math.floor(++ip / 250) % 250}.${ip % 250}`;
const time = async (send: () => Promise<{ statusCode: number }>) => {
  const started = performance.now();
  const answer = await send();
  const ms = performance.now() - started;
  if (answer.statusCode >= 300) throw new Error(`answered ${answer.statusCode}`);
  return ms;
};
const subscribe = (email: string) =>
  time(() =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email },
      remoteAddress: from(),
    }),
  );

// One address on the list, one waiting (its hour's email already sent).
await subscribe('waiting@example.com');
await subscribe('listed@example.com');
await t.database.db.execute(
  "update newsletter_subscribers set status = 'confirmed', confirmed_at = now() where email_key = 'listed@example.com'",
);

const samples: Record<'new' | 'waiting' | 'listed' | 'bare', number[]> = {
  new: [],
  waiting: [],
  listed: [],
  bare: [],
};
for (let round = 0; round < rounds; round++) {
  samples.new.push(await subscribe(`new-${round}@example.com`));
  samples.waiting.push(await subscribe('waiting@example.com'));
  samples.listed.push(await subscribe('listed@example.com'));
  samples.bare.push(await time(() => t.app.inject({ url: '/healthz', remoteAddress: from() })));
}
await t.close();

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const medians = Object.fromEntries(Object.entries(samples).map(([state, list]) => [state, median(list)]));
for (const [state, ms] of Object.entries(medians))
  console.log(
    `${state.padEnd(8)} median ${ms.toFixed(2)} ms (${(ms / (medians.bare ?? 1)).toFixed(1)}x the bare route)`,
  );
const states = [medians.new ?? 0, medians.waiting ?? 0, medians.listed ?? 0];
const spread = Math.max(...states) - Math.min(...states);
const ok = spread <= BUDGET_MS;
console.log(
  `spread of the three states' medians: ${spread.toFixed(2)} ms (budget ${BUDGET_MS} ms) ${ok ? 'ok' : 'MISSED'}`,
);
process.exit(ok ? 0 : 1);
