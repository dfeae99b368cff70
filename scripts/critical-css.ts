/**
 * Each stylesheet of the client build as a plan of its rules (beasties' compiler, ADR 029): which
 * rules a page's HTML needs is then a single pass over the page (beasties' runtime, no CSS parser
 * in the server). Written to `<build>/server/critical-css.json`, which the server reads at start.
 *
 *   tsx scripts/critical-css.ts build
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompiledSheet, compileSheet, encodePlan } from 'beasties/compiler';

const buildFolder = process.argv[2];
if (!buildFolder) {
  console.error('usage: tsx scripts/critical-css.ts <build folder>');
  process.exit(1);
}
const base = process.env.BASE_PATH ?? '/';
const assets = join(buildFolder, 'client', 'assets');

/**
 * beasties 0.5.4 ends a block at-rule with no rules inside (Tailwind's `@property --tw-...{...}`)
 * with a `;`, as it ends a statement (`@layer a, b;`). Between two rules the browser reads that `;`
 * as the start of the next rule's selector and drops the rule: every `@property` but the first was
 * lost, and with them the initial values borders and shadows read (e2e/critical-css.spec.ts).
 */
function withoutStraySemicolons(sheet: CompiledSheet): CompiledSheet {
  for (const rule of sheet.rules) if (rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
  return sheet;
}

/**
 * Rules every page gets, used or not:
 * - the dark theme's: the head script sets `.dark` on the document before the first paint, so no
 *   rendered page shows it;
 * - a selector that is one `:where(...)` (Tailwind's space-y-* and divide-*, the select's
 *   optgroups): beasties 0.5.4's runtime never matches one, and a list's gaps were missing. Tailwind
 *   writes only the utilities the site uses: 17 such rules.
 */
const KEPT = [/\.dark\b/, /^:where\(/];

const plans = readdirSync(assets)
  .filter((name) => name.endsWith('.css'))
  .map((name) =>
    encodePlan(
      withoutStraySemicolons(
        compileSheet(readFileSync(join(assets, name), 'utf8'), {
          href: `${base}assets/${name}`,
          allowRules: KEPT,
        }),
      ),
    ),
  );
writeFileSync(join(buildFolder, 'server', 'critical-css.json'), JSON.stringify(plans));
console.log(`critical CSS: ${plans.length} stylesheet plans`);
