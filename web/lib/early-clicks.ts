/**
 * Buttons pressed before the page's code arrived (ADR 014). The inline bootstrap of a page whose
 * hydration waits for the visitor's first move notes every button pressed until hydration begins
 * that does nothing without code (a `type="button"`, or one outside any form; links, and a
 * form's buttons, do what they do without code); once the page is live
 * they are pressed again, in order, so a press made before the code arrived is never lost.
 */
type EarlyClicks = HTMLButtonElement[] & { stop?: boolean };

const early = () => (window as unknown as { __earlyClicks?: EarlyClicks }).__earlyClicks;

/** Stops noting presses: called as React takes over the page (it replays what comes after itself). */
export function stopNotingEarlyClicks() {
  const clicks = early();
  if (clicks) clicks.stop = true;
}

/** Presses again every button pressed before hydration that is still on the page. */
export function replayEarlyClicks() {
  const clicks = early();
  if (!clicks) return;
  clicks.stop = true;
  for (const button of clicks.splice(0)) {
    if (button.isConnected && !button.disabled) button.click();
  }
}
