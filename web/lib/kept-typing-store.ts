/**
 * Where a long form's typing is kept in the tab (kept-typing.ts): one entry per form name, the
 * name on the form as `data-kept`. Without React, so that the islands' runtime can ask whether an
 * island that starts only when reached for has typing to bring back (and start it once the page is idle).
 */
const PREFIX = 'portfolio:typed:';

/** The attribute that names a form's kept typing. */
export const KEPT_ATTRIBUTE = 'data-kept';

export function readKept(name: string): Record<string, string> | null {
  try {
    const text = sessionStorage.getItem(`${PREFIX}${name}`);
    return text ? (JSON.parse(text) as Record<string, string>) : null;
  } catch {
    return null;
  }
}

export function writeKept(name: string, values: Record<string, string> | null) {
  try {
    if (values) sessionStorage.setItem(`${PREFIX}${name}`, JSON.stringify(values));
    else sessionStorage.removeItem(`${PREFIX}${name}`);
  } catch {
    // Storage full: the form works on without its copy.
  }
}

/** Whether a form inside `root` has typing kept from before (a reload, a way back). */
export function holdsKeptTyping(root: Element): boolean {
  return Array.from(root.querySelectorAll(`form[${KEPT_ATTRIBUTE}]`)).some(
    (form) => readKept(form.getAttribute(KEPT_ATTRIBUTE) ?? '') !== null,
  );
}
