/**
 * Text the database cannot store, or should never store, is refused at the door
 * with a 400: NUL (PostgreSQL rejects it, which used to surface as a 500), the
 * other C0 control characters and DEL, and lone UTF-16 surrogates (which would be
 * silently replaced when encoded as UTF-8, changing what the visitor sent).
 * Tab, line feed and carriage return pass in bodies; the form schemas refuse them
 * in single-line fields. Addresses (path and query) allow no control character at all.
 */

export const BAD_TEXT = 'Text cannot contain control characters';
export const BAD_ADDRESS = 'The address contains characters that are not allowed';

// C0 controls except tab (09), line feed (0a) and carriage return (0d), plus DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// Anything that could hide a control character in an address: a raw one, or a percent escape.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ADDRESS_SUSPECT = /[%\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f]/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** True when a string is safe to store: no forbidden control character, no lone surrogate. */
export function isCleanText(value: string): boolean {
  return !CONTROL_IN_BODY.test(value) && !LONE_SURROGATE.test(value);
}

/** How deep a body may nest (objects and lists); no form or API call of the site needs more than a few. */
export const MAX_BODY_DEPTH = 32;
export const TOO_DEEP = `The request body is nested more than ${MAX_BODY_DEPTH} levels deep`;

/**
 * What is wrong with a parsed JSON body, if anything: the first string (value or key, at any
 * depth) that is not clean, as a field path like `tags.2` with BAD_TEXT, or a nesting deeper
 * than MAX_BODY_DEPTH (field `_`) with TOO_DEEP; null when the whole body is fine. Walked with a
 * stack of its own, not recursion, so no body, however deep or wide, can exhaust the call stack.
 */
export function bodyProblem(body: unknown): { field: string; message: string } | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      if (!isCleanText(value)) return { field: path || '_', message: BAD_TEXT };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return { field: '_', message: TOO_DEEP };
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(value)) {
      value.forEach((child, index) => {
        children.push({ value: child, path: path ? `${path}.${index}` : String(index), depth: depth + 1 });
      });
    } else {
      for (const [key, child] of Object.entries(value)) {
        const keyPath = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) return { field: keyPath, message: BAD_TEXT };
        children.push({ value: child, path: keyPath, depth: depth + 1 });
      }
    }
    // Reversed onto the stack: the first field is looked at first, as a reader would.
    for (let k = children.length - 1; k >= 0; k--) stack.push(children[k] as (typeof children)[number]);
  }
  return null;
}

/**
 * Whether a request target (path and query, as sent) is acceptable: its percent escapes
 * decode to valid UTF-8 and nothing in it, raw or escaped, is a control character.
 * The common case (no `%`, no control character) costs one regular-expression test.
 */
export function isCleanAddress(url: string): boolean {
  if (!ADDRESS_SUSPECT.test(url)) return true;
  if (CONTROL_ANYWHERE.test(url)) return false;
  let decoded: string;
  try {
    decoded = strictUtf8.decode(percentDecode(url));
  } catch {
    return false;
  }
  return !CONTROL_ANYWHERE.test(decoded);
}

/** The bytes of a URL with its %XX escapes decoded (a `%` without two hex digits stays as it is). */
function percentDecode(url: string): Uint8Array {
  const raw = Buffer.from(url, 'utf8');
  const out = Buffer.allocUnsafe(raw.length);
  let length = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i] as number;
    if (byte === 0x25 && i + 2 < raw.length) {
      const hex = raw.toString('latin1', i + 1, i + 3);
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        out[length++] = Number.parseInt(hex, 16);
        i += 2;
        continue;
      }
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}
