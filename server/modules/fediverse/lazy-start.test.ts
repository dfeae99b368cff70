/**
 * The server starts without Fedify (issue 47): it is loaded on the first request that needs it
 * (module.ts), since its import (with JSON-LD and OpenTelemetry) added about half a second to every
 * start, and the tests that start the real process twice ran out of time on CI. Checked over the
 * source: what `server/main.ts` and the app it loads at start (`server/app.ts`, imported once the
 * database is open) reach through static imports names no Fedify package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths.ts';

// Static imports and re-exports only (`import type` is erased): not import().
const STATIC = /^\s*(?:import|export)\s(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;

/** Every project file and package the entries reach through static imports, and the packages named. */
function staticGraph(...entries: string[]) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(projectRoot, file), 'utf8');
    for (const match of text.matchAll(STATIC)) {
      const specifier = match[1] ?? '';
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = normalize(join(dirname(file), specifier));
      if (existsSync(join(projectRoot, target))) visit(target);
    }
  };
  for (const entry of entries) visit(relative(projectRoot, join(projectRoot, entry)));
  return { files, packages: [...packages] };
}

describe('the server at start-up', () => {
  it('reaches the fediverse module but loads no Fedify package until a request needs it', () => {
    const { files, packages } = staticGraph('server/main.ts', 'server/app.ts');
    expect(readFileSync(join(projectRoot, 'server/main.ts'), 'utf8')).toContain("import('./app.ts')");
    // The walk sees the server as it is: the module, its routes and settings, the frameworks.
    expect(files).toContain('server/modules/fediverse/module.ts');
    expect(files).toContain('server/modules/fediverse/settings.ts');
    expect(packages).toContain('fastify');
    expect(files).not.toContain('server/modules/fediverse/federation.ts');
    expect(files).not.toContain('server/modules/fediverse/keys.ts');
    expect(
      packages.filter((name) => name.startsWith('@fedify/') || name.startsWith('@js-temporal/')),
    ).toEqual([]);
    // And the module does load it, on demand.
    expect(readFileSync(join(projectRoot, 'server/modules/fediverse/module.ts'), 'utf8')).toContain(
      "import('./federation.ts')",
    );
  });
});
