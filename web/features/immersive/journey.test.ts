import { describe, expect, it } from 'vitest';
import {
  MILESTONES,
  milestoneForProgress,
  progressForMilestone,
  scrollProgress,
  TOUR_STEPS,
  tourStepForScroll,
} from './journey.ts';

describe('the guided tour', () => {
  it('has four steps', () => {
    expect(TOUR_STEPS).toEqual(['intro', 'projects', 'skills', 'contact']);
  });

  it('calls up projects from 700 to 1500 px, skills to 2300 px, contact beyond', () => {
    expect(tourStepForScroll(0)).toBeNull();
    expect(tourStepForScroll(699)).toBeNull();
    expect(tourStepForScroll(700)).toBe('projects');
    expect(tourStepForScroll(1499)).toBe('projects');
    expect(tourStepForScroll(1500)).toBe('skills');
    expect(tourStepForScroll(2299)).toBe('skills');
    expect(tourStepForScroll(2300)).toBe('contact');
    expect(tourStepForScroll(9000)).toBe('contact');
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
