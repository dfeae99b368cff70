import { describe, expect, it } from 'vitest';
import { stillReason } from './particles.ts';

const desktop = { reducedMotion: false, saveData: false, width: 1280, cores: 8 };

describe('stillReason', () => {
  it('lets the network move on a wide screen with cores to spare', () => {
    expect(stillReason(desktop)).toBeNull();
    expect(stillReason({ ...desktop, cores: undefined })).toBeNull();
  });

  it('keeps it still under reduced motion, Save-Data, below 768 px and below 4 cores', () => {
    expect(stillReason({ ...desktop, reducedMotion: true })).toBe('reduced-motion');
    expect(stillReason({ ...desktop, saveData: true })).toBe('save-data');
    expect(stillReason({ ...desktop, width: 767 })).toBe('small-screen');
    expect(stillReason({ ...desktop, width: 768 })).toBeNull();
    expect(stillReason({ ...desktop, cores: 2 })).toBe('few-cores');
    expect(stillReason({ ...desktop, cores: 4 })).toBeNull();
  });
});
