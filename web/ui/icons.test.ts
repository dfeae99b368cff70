import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BRAND_MARKS } from './brand-marks.ts';
import * as icons from './icons.tsx';

const sprite = readFileSync(join(import.meta.dirname, 'icon-sprite.svg'), 'utf8');
const symbolIds = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));

describe('icons', () => {
  it('has a symbol for every icon component and brand mark, each drawn and hidden from screen readers', () => {
    const components = Object.entries(icons).filter(
      (entry): entry is [string, (props: icons.IconProps) => ReactElement] =>
        /^[A-Z]/.test(entry[0]) && entry[0] !== 'SpriteIcon',
    );
    expect(components.length).toBeGreaterThan(50);
    for (const [name, Icon] of components) {
      const html = renderToStaticMarkup(createElement(Icon, { className: 'h-4 w-4' }));
      const id = html.match(/<use href="[^"#]*icon-sprite[^"#]*\.svg#([^"]+)"/)?.[1];
      expect(id, name).toBeDefined();
      expect(symbolIds.has(id as string), `${name} -> #${id}`).toBe(true);
      expect(html, name).toContain('aria-hidden="true"');
      expect(html, name).toContain('class="h-4 w-4"');
    }
    for (const id of Object.keys(BRAND_MARKS)) expect(symbolIds.has(id), id).toBe(true);
    for (const id of symbolIds)
      expect(sprite).toMatch(new RegExp(`<symbol id="${id}"[^>]*>(<[a-z]+ [^>]+/>)+</symbol>`));
  });
});
