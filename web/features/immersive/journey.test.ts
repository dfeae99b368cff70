import { describe, expect, it } from 'vitest';
import {
  beforeTheProjects,
  MILESTONES,
  milestoneForProgress,
  progressForMilestone,
  scrollProgress,
  TOUR_STEPS,
  tourStepForSections,
} from './journey.ts';

describe('the guided tour', () => {
  it('has four steps', () => {
    expect(TOUR_STEPS).toEqual(['intro', 'projects', 'skills', 'contact']);
  });

  it('calls up the step whose section spans the line 40 % down the screen, none between them', () => {
    // Projects 900-1900, About 1900-2600 (no step), Skills 2600-3400, the blog 3400-4100, Contact 4100-5000.
    const page = (scrollY: number) => ({
      projects: { top: 900 - scrollY, bottom: 1900 - scrollY },
      skills: { top: 2600 - scrollY, bottom: 3400 - scrollY },
      contact: { top: 4100 - scrollY, bottom: 5000 - scrollY },
    });
    expect(tourStepForSections(page(0), 800)).toBeNull();
    expect(beforeTheProjects(page(0), 800)).toBe(true);
    expect(tourStepForSections(page(579), 800)).toBeNull();
    expect(tourStepForSections(page(580), 800)).toBe('projects');
    expect(beforeTheProjects(page(580), 800)).toBe(false);
    expect(tourStepForSections(page(1579), 800)).toBe('projects');
    // Reading About: the Projects step has stepped aside (it stayed on 'step 2 of 4' here).
    expect(tourStepForSections(page(1580), 800)).toBeNull();
    expect(beforeTheProjects(page(1580), 800)).toBe(false);
    expect(tourStepForSections(page(2280), 800)).toBe('skills');
    expect(tourStepForSections(page(3080), 800)).toBeNull();
    expect(tourStepForSections(page(3780), 800)).toBe('contact');
    expect(tourStepForSections(page(9000), 800)).toBeNull();
    // A section the page does not have (yet) calls up nothing.
    expect(tourStepForSections({ skills: { top: 10, bottom: 900 } }, 800)).toBe('skills');
    expect(tourStepForSections({}, 800)).toBeNull();
    expect(beforeTheProjects({}, 800)).toBe(true);
  });
});

describe('the journey path', () => {
  it('has nine milestones', () => {
    expect(MILESTONES).toHaveLength(9);
  });

  it.each([
    [0, 'intro'],
    [9.9, 'intro'],
    [10, 'about'],
    [25, 'about'],
    [25.1, 'projects'],
    [40, 'projects'],
    [55, 'more-projects'],
    [70, 'skills'],
    [80, 'more-skills'],
    [90, 'contact'],
    [90.1, 'destination'],
    [100, 'destination'],
  ])('selects the milestone for %d %% as %s', (percent, id) => {
    expect(milestoneForProgress(percent)).toBe(id);
  });

  it('scrolls a clicked milestone to a position that selects it', () => {
    for (const { id } of MILESTONES.slice(1)) {
      expect(milestoneForProgress(progressForMilestone(id))).toBe(id);
    }
    expect(progressForMilestone('welcome')).toBe(0);
  });

  it('measures progress over the scrollable height', () => {
    expect(scrollProgress(0, 5000, 1000)).toBe(0);
    expect(scrollProgress(2000, 5000, 1000)).toBe(50);
    expect(scrollProgress(4000, 5000, 1000)).toBe(100);
    expect(scrollProgress(0, 800, 1000)).toBe(100);
  });
});
