import { describe, expect, it } from 'vitest';
import { featuredProject, filterProjects, isFeaturedTitle } from './featured.ts';

const p = (title: string, category: 'web' | 'business' | 'service' = 'web') => ({ title, category });

describe('the featured project', () => {
  it('is the first whose title contains Stackzen or Keycode Help', () => {
    expect(featuredProject([p('Gatherly'), p('Stackzen Cloud'), p('Keycode Help')])?.title).toBe(
      'Stackzen Cloud',
    );
    expect(featuredProject([p('Gatherly'), p('Keycode Help'), p('Stackzen')])?.title).toBe('Keycode Help');
  });

  it('is the first project when none matches, and nothing for an empty list', () => {
    expect(featuredProject([p('Gatherly'), p('Inventory')])?.title).toBe('Gatherly');
    expect(featuredProject([])).toBeUndefined();
  });

  it('badges only Stackzen and Keycode Help', () => {
    expect(isFeaturedTitle('Keycode Help')).toBe(true);
    expect(isFeaturedTitle('Stackzen')).toBe(true);
    expect(isFeaturedTitle('Portfolio Website')).toBe(false);
  });
});

describe('the project filter', () => {
  it("keeps every project under 'all' and one category otherwise", () => {
    const list = [p('A', 'web'), p('B', 'business'), p('C', 'service'), p('D', 'web')];
    expect(filterProjects(list, 'all')).toHaveLength(4);
    expect(filterProjects(list, 'web').map((x) => x.title)).toEqual(['A', 'D']);
    expect(filterProjects(list, 'service').map((x) => x.title)).toEqual(['C']);
  });
});
