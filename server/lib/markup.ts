/** Small helpers for text the server writes into markup: feeds (XML) and ActivityPub content (HTML). */

/** Text safe inside an element or a quoted attribute of XML or HTML. */
export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
};

/** An image's media type from its address's extension (`fallback` for one it does not name). */
export const imageType = (url: string, fallback = 'image/webp') =>
  IMAGE_TYPES[(url.split(/[?#]/)[0] ?? '').split('.').pop()?.toLowerCase() ?? ''] ?? fallback;
