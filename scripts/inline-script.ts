/**
 * `import text from './starter.ts?script'`: a module that is one exported function, as the text a
 * page carries inline (the island starter, the held-scripts starter, the storage shim): its
 * TypeScript compiled and minified by esbuild, names shortened, as `function name(a,b){...}`,
 * ready to be called as `(${text})(...)`. The function must use nothing outside its own body (it
 * runs in the page, alone); types may be imported. A module with anything else in it fails the
 * build. Vite's plugin, in vite.config.ts (the site, its dev server) and vitest.config.ts.
 */
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

const SUFFIX = '?script';

/**
 * The function of `source` (a TypeScript module of one exported function) as minified text, its
 * syntax for `target` (the browsers of the site's build; esbuild's newest when not given).
 */
export async function scriptText(source: string, file: string, target?: string | string[]): Promise<string> {
  const { code } = await transform(source, { loader: 'ts' });
  // Compiled, the module is its declaration's first line and its closing brace at the margin.
  const atMargin = code.split('\n').filter((line) => line !== '' && !/^\s/.test(line));
  if (atMargin.length !== 2 || !/^export function \w+\(/.test(atMargin[0] ?? '') || atMargin[1] !== '}') {
    throw new Error(`${file}: an inline script's module is one exported function and nothing else`);
  }
  // A declaration at the top is kept whole by the minifier (its name too); its inside is not.
  const minified = await transform(code.replace(/^export /m, ''), {
    minify: true,
    ...(target ? { target } : {}),
  });
  return minified.code.trim();
}

export function inlineScript(): Plugin {
  // The browsers the rest of the site's code is built for (Vite's resolved client target): the
  // inline scripts run in the same ones.
  let target: string | string[] | undefined;
  return {
    name: 'inline-script',
    enforce: 'pre',
    configResolved(config) {
      const browsers = config.environments.client?.build.target ?? config.build.target;
      target = browsers || undefined;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await scriptText(await readFile(file, 'utf8'), file, target))};`;
    },
  };
}
