/**
 * The page's module preloads (React Router's `<Scripts>`, hoisted by React to the top of <head>)
 * at low fetch priority. At their default (high) priority the ~145 KB of JavaScript shared a slow
 * link with the stylesheet the first paint waits for; at low priority the browser fetches the
 * stylesheet (and the largest image) first and the scripts right after. The page reads and its
 * links work before hydration, so nothing waits for them but interactivity.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g;

export function lowPriorityModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

const HEAD_END = Buffer.from('</head>');

/** The same for a whole document as bytes: only its <head> is read and rewritten. */
export function lowPriorityModulePreloadsIn(document: Buffer): Buffer {
  const end = document.indexOf(HEAD_END);
  if (end === -1) return Buffer.from(lowPriorityModulePreloads(document.toString('utf8')));
  const head = lowPriorityModulePreloads(document.subarray(0, end).toString('utf8'));
  return Buffer.concat([Buffer.from(head), document.subarray(end)]);
}
