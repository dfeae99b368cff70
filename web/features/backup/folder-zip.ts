/**
 * A folder of Markdown posts chosen in the browser (`<input webkitdirectory>`), packed into the
 * zip the import takes: the posts and images only (common/markdown-import.ts), stored without
 * compression (images are compressed already, and the text is small), paths kept relative.
 */
import {
  importable,
  MARKDOWN_FILE,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
} from '../../../common/markdown-import.ts';

/** A file of the chosen folder: `webkitRelativePath` is its path from the folder's parent. */
export interface FolderFile {
  name: string;
  webkitRelativePath: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The files of a folder an import can use, each with its path. */
export function importableFiles(files: readonly FolderFile[]): Array<{ path: string; file: FolderFile }> {
  return files
    .map((file) => ({ path: file.webkitRelativePath || file.name, file }))
    .filter(({ path }) => importable(path))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Zips what an import can use of a folder; a folder with no post, or too much, is an Error. */
export async function zipFolder(files: readonly FolderFile[]): Promise<File> {
  const chosen = importableFiles(files);
  if (!chosen.some(({ path }) => MARKDOWN_FILE.test(path))) {
    throw new Error('The folder holds no Markdown posts (.md, .mdx or .markdown files).');
  }
  const bytes = chosen.reduce((total, { file }) => total + file.size, 0);
  if (chosen.length > MAX_IMPORT_FILES || bytes > MAX_IMPORT_BYTES) {
    throw new Error('The folder holds too much: at most 5,000 posts and images, 50 MB in all.');
  }
  const { zipSync } = await import('fflate');
  const entries: Record<string, Uint8Array> = {};
  for (const { path, file } of chosen) entries[path] = new Uint8Array(await file.arrayBuffer());
  return new File([zipSync(entries, { level: 0 })], `${folderName(files)}.zip`, { type: 'application/zip' });
}

/** The chosen folder's name: the first part of its files' paths. */
export function folderName(files: readonly FolderFile[]): string {
  const first = files[0]?.webkitRelativePath ?? '';
  return first.includes('/') ? first.slice(0, first.indexOf('/')) : 'posts';
}
