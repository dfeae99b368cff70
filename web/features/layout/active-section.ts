/**
 * The home page's section tracking (section-tracking.ts) as a component, for the home page
 * hydrated whole, and as an island with nothing of its own to show (ADR 023), started when the
 * browser is idle as the plain function `sectionTrackerIsland` (no React).
 */
import { useEffect } from 'react';
import { island } from '../../islands/island.tsx';
import { trackSections } from './section-tracking.ts';

function SectionTracking() {
  useEffect(trackSections, []);
  return null;
}

export const SectionTracker = island('section-tracker', SectionTracking, { start: 'idle' });
export { SectionTracking };
