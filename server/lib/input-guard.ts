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

/**
 * The first string in a parsed JSON body (values and keys, at any depth) that is not
 * clean, as a field path like `tags.2`; null when the whole body is clean.
 */
export function findBadText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path || '_';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (!isCleanText(key)) return keyPath;
      const found = findBadText(child, keyPath);
      if (found !== null) return found;
    }
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
