import type { ReactNode } from 'react';

/**
 * What works only with the page's code (a button that acts in the browser): not shown where
 * scripting is off, so nothing on the page does nothing when pressed. Its children keep their own
 * layout (`display: contents`). The rule is CSS (`scripting:`), so the HTML is the same for both.
 * A `span` by default, where phrasing content may stand; `div` around block content.
 */
export function OnlyWithCode({ as: Tag = 'span', children }: { as?: 'span' | 'div'; children: ReactNode }) {
  return <Tag className="hidden scripting:contents">{children}</Tag>;
}

/** What stands in for such a button where scripting is off (a submit button that asks the server instead). */
export function OnlyWithoutCode({
  as: Tag = 'span',
  children,
}: {
  as?: 'span' | 'div';
  children: ReactNode;
}) {
  return <Tag className="hidden no-scripting:contents">{children}</Tag>;
}
