/**
 * Lighthouse's mobile profile as a page gets it (issue 44): the phone's screen and its throttling,
 * for the browser tests (phone-kit.ts) and bench/bundle-size.ts alike.
 */
import type { Page } from '@playwright/test';

/** The phone's screen (Lighthouse's mobile emulation is a Moto G class phone; 390 x 844 here). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** Lighthouse's mobile throttling, applied to this page through the DevTools protocol. */
export async function throttleLikeAPhone(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * One frame at 60 Hz. The largest contentful paint's time is when its frame was presented on
 * screen, which comes after the main thread has painted it and moved on (CI saw a script asked for
 * 27 ms before LCP's time when the late start waited one frame after load). The late start now
 * waits two frames; a script stamped less than a frame before LCP's time is still after its paint.
 */
export const ONE_FRAME_MS = 1000 / 60;
