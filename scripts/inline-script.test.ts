import { describe, expect, it } from 'vitest';
import { scriptText } from './inline-script.ts';

describe('an inline script from a module of one function', () => {
  it('is the function compiled and minified: its name kept, its own names short, keys and strings as written', async () => {
    const text = await scriptText(
      [
        "import type { Options } from './options.ts';",
        '/** Adds. */',
        'export function addAll(first: number, second: number, options: Options) {',
        '  const sum: number = first + second;',
        "  return { sum, label: 'both', wanted: options.wanted ?? 'none' };",
        '}',
        'export interface Unused { a: string }',
      ].join('\n'),
      'add.ts',
    );
    expect(text).toMatch(/^function addAll\(\w,\w,\w\)\{/);
    expect(text).not.toMatch(/first|second|options|\n/);
    expect(text).toContain('"both"');
    expect(text).toContain('.wanted');
    expect(new Function(`return (${text})(2, 3, {})`)()).toEqual({
      sum: 5,
      label: 'both',
      wanted: 'none',
    });
  });

  it('fails the build for a module with anything beside its function, or no function', async () => {
    await expect(
      scriptText('const limit = 3;\nexport function over(n: number) {\n  return n > limit;\n}', 'over.ts'),
    ).rejects.toThrow('over.ts: an inline script');
    await expect(scriptText('export const x = 1;', 'x.ts')).rejects.toThrow('x.ts: an inline script');
    await expect(
      scriptText('export function a() {\n  return 1;\n}\nexport function b() {\n  return 2;\n}', 'two.ts'),
    ).rejects.toThrow('two.ts: an inline script');
  });
});
