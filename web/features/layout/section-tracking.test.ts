import { describe, expect, it } from 'vitest';
import { sectionFillingView } from './section-tracking.ts';

describe('the section filling the screen', () => {
  const page = [
    { id: 'home', top: 0, bottom: 900 },
    { id: 'projects', top: 900, bottom: 3900 },
    { id: 'about', top: 3900, bottom: 4400 },
    { id: 'contact', top: 4400, bottom: 5600 },
    { id: 'testimonials', top: 5600, bottom: 6000 },
  ] as const;
  const at = (scrollY: number, viewport = 800, header = 64) =>
    sectionFillingView(
      page.map(({ id, top, bottom }) => ({ id, top: top - scrollY, bottom: bottom - scrollY })),
      header,
      viewport,
    );

  it('is the one with the most of its height in view', () => {
    expect(at(0)).toBe('home');
    expect(at(600)).toBe('projects');
  });

  it('is a section taller than twice the screen while it fills the screen', () => {
    // Half of the projects section can never be on an 800 px screen at once.
    expect(at(2000)).toBe('projects');
    expect(at(3000)).toBe('projects');
  });

  it('is a short section once it holds more of the screen than its neighbours', () => {
    expect(at(3836)).toBe('about');
    // At the bottom of the page the last, short section fills the most.
    expect(at(5200)).toBe('testimonials');
  });

  it('is none when no section is in view, and ties go to the earlier one', () => {
    expect(sectionFillingView([], 0, 800)).toBeNull();
    expect(
      sectionFillingView(
        [
          { id: 'about', top: 0, bottom: 400 },
          { id: 'skills', top: 400, bottom: 800 },
        ],
        0,
        800,
      ),
    ).toBe('about');
  });
});
