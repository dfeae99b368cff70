/**
 * A post without a cover image gets one drawn by the server (server/lib/cover.ts): 1200 x 630,
 * its title set inside the central SAFE box. Every frame the site shows a cover in (the post
 * page's 300 px band from a 320 px phone to 768 px, a 16:9 card or thumbnail) crops less than
 * the margins around that box, so no frame cuts the title (e2e/covers.spec.ts measures them).
 */
export const COVER = { width: 1200, height: 630 } as const;
export const COVER_SAFE = { width: 620, height: 420 } as const;

/** The share of a cover's width and height a frame of this size shows (object-fit: cover). */
export function visibleShare(frame: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.max(frame.width / COVER.width, frame.height / COVER.height);
  return {
    width: Math.min(1, frame.width / (COVER.width * scale)),
    height: Math.min(1, frame.height / (COVER.height * scale)),
  };
}

/** Whether a frame of this size shows the whole of the title's box. */
export function showsTitle(frame: { width: number; height: number }): boolean {
  const share = visibleShare(frame);
  return (
    share.width * COVER.width >= COVER_SAFE.width - 0.5 &&
    share.height * COVER.height >= COVER_SAFE.height - 0.5
  );
}
