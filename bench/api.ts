/**
 * Throughput of the public reads and pages against the budgets in docs/architecture.md:
 * autocannon with 50 connections against GET /api/blog, GET /api/skills, and the pages /,
 * /blog, a post and a project as a visitor without a session sees them (from the page cache),
 * each round also measuring a bare Fastify route returning constant JSON. Each target's figure
 * is the median of `--rounds` interleaved rounds, judged by its ratio to the bare route's median
 * (>= 0.5) and its p99 (< 20 ms). Then each page alone on one connection, rendered afresh for a
 * signed-in visitor (never cached): the median of the rounds' median times (budget: <= 8 ms).
 * Exits 1 when a budget is missed. Needs `npm run build` first (pages come from the build).
 *
 * The seeded content plus 20 posts: the blog's first page is full, as it is at any larger size.
 *
 *   npm run bench:api [-- --duration 5 --connections 50 --rounds 3 --posts 20]
 *
 * bench/scale.ts runs the same measurements on a database filled to a realistic size.
 */
import { parseArgs } from 'node:util';
import { allOk, benchmark, save } from './measure.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    // A full first page of the blog (12) and a second one, so bench:scale compares like with like.
    posts: { type: 'string', default: '20' },
  },
});
const result = await benchmark({
  rounds: Number(values.rounds),
  duration: Number(values.duration),
  connections: Number(values.connections),
  label: 'bench:api',
  env: { BENCH_POSTS: values.posts },
});
save('api', result);
const ok = allOk(result);
console.log(ok ? '\nwithin budget' : '\nBUDGET MISSED');
process.exit(ok ? 0 : 1);
