import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DemoFrame } from './demo-frame.tsx';

const render = (refusesFraming?: boolean) =>
  renderToStaticMarkup(
    createElement(DemoFrame, { url: 'https://keycodehelp.com', title: 'Keycode Help', refusesFraming }),
  );

describe('DemoFrame', () => {
  it("offers 'Open in new tab' in the page's HTML, and no frame, for a site that refuses to be framed", () => {
    const html = render(true);
    expect(html).toContain('This demo opens in its own tab');
    expect(html).toMatch(
      /<a href="https:\/\/keycodehelp.com" target="_blank" rel="noopener noreferrer"[^>]*>.*Open in new tab<\/a>/,
    );
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('Loading demo...');
  });

  it('waits for any other demo to load where scripts run, and offers it in a new tab where they do not', () => {
    const html = render();
    expect(html).toMatch(
      /<div role="status" class="[^"]*\bhidden\b[^"]*\bscripting:flex\b[^"]*">Loading demo...<\/div>/,
    );
    expect(html).toMatch(
      /<div class="[^"]*\bflex\b[^"]*\bscripting:hidden\b[^"]*">.*Try the live demo.*Open in new tab<\/a>/,
    );
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('This demo opens in its own tab');
  });
});
