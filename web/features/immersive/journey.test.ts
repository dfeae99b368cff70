import { describe, expect, it } from 'vitest';
import {
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

  it('calls up the last step whose section has come up into the upper 40 % of the screen', () => {
    const page = (scrollY: number) => ({
      projects: 900 - scrollY,
      skills: 2600 - scrollY,
      contact: 4100 - scrollY,
    });
    expect(tourStepForSections(page(0), 800)).toBeNull();
    expect(tourStepForSections(page(579), 800)).toBeNull();
    expect(tourStepForSections(page(580), 800)).toBe('projects');
    expect(tourStepForSections(page(2279), 800)).toBe('projects');
    expect(tourStepForSections(page(2280), 800)).toBe('skills');
    expect(tourStepForSections(page(3780), 800)).toBe('contact');
    expect(tourStepForSections(page(9000), 800)).toBe('contact');
    // A section the page does not have (yet) calls up nothing.
    expect(tourStepForSections({ skills: 10 }, 800)).toBe('skills');
    expect(tourStepForSections({}, 800)).toBeNull();
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
