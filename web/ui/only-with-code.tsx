import type { ReactNode } from 'react';

/**
 * What works only with the page's code (a button that acts in the browser): not shown where
 * scripting is off, so nothing on the page does nothing when pressed. Its children keep their own
 * layout (`display: contents`). The rule is CSS (`scripting:`), so the HTML is the same for both.
 */
export function OnlyWithCode({ children }: { children: ReactNode }) {
  return <span className="hidden scripting:contents">{children}</span>;
}
