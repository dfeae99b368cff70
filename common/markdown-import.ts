/**
 * What an import of Markdown posts takes (issue 22, point 4), the same in the browser, which zips
 * a chosen folder, and on the server, which unpacks the zip.
 */

/** The zip sent: at most this large. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** At most this many files once unpacked, and this many bytes. */
export const MAX_IMPORT_FILES = 5_000;
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

export const MARKDOWN_FILE = /\.(md|mdx|markdown)$/i;
export const IMAGE_FILE = /\.(png|jpe?g|webp|gif|avif)$/i;

/**
 * Whether a file of a folder or zip can matter to an import: a Markdown post or an image, outside
 * hidden folders (`.git`, `.obsidian`), `node_modules` and macOS's `__MACOSX` copies.
 */
export function importable(path: string): boolean {
  if (!MARKDOWN_FILE.test(path) && !IMAGE_FILE.test(path)) return false;
  return !path
    .split('/')
    .some(
      (part) =>
        (part.startsWith('.') && part !== '.' && part !== '..') ||
        part === 'node_modules' ||
        part === '__MACOSX',
    );
}
