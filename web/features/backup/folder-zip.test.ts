import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importable } from '../../../common/markdown-import.ts';
import { type FolderFile, importableFiles, zipFolder } from './folder-zip.ts';

/** A file as a folder picker gives it: its path from the chosen folder's parent. */
function picked(path: string, text: string, size = text.length): FolderFile {
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    webkitRelativePath: path,
    size,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
  };
}

describe('a folder of posts chosen in the browser', () => {
  it('keeps the posts and images, and leaves hidden folders, node_modules and other files behind', () => {
    expect(importable('blog/posts/hello.md')).toBe(true);
    expect(importable('blog/posts/diagram.PNG')).toBe(true);
    expect(importable('blog/.git/objects/readme.md')).toBe(false);
    expect(importable('blog/node_modules/pkg/README.md')).toBe(false);
    expect(importable('__MACOSX/blog/._hello.md')).toBe(false);
    expect(importable('blog/config.toml')).toBe(false);
    expect(
      importableFiles([
        picked('blog/posts/b.md', 'b'),
        picked('blog/.obsidian/notes.md', 'x'),
        picked('blog/posts/a.mdx', 'a'),
        picked('blog/static/cover.jpg', 'jpg'),
        picked('blog/hugo.toml', 'toml'),
      ]).map(({ path }) => path),
    ).toEqual(['blog/posts/a.mdx', 'blog/posts/b.md', 'blog/static/cover.jpg']);
  });

  it('zips them under their paths, named after the folder', async () => {
    const zip = await zipFolder([
      picked('blog/posts/hello.md', '---\ntitle: Hello\n---\n'),
      picked('blog/posts/hello.png', 'image bytes'),
      picked('blog/package.json', '{}'),
    ]);
    expect(zip.name).toBe('blog.zip');
    expect(zip.type).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['blog/posts/hello.md', 'blog/posts/hello.png']);
    expect(strFromU8(entries['blog/posts/hello.md'] ?? new Uint8Array())).toBe('---\ntitle: Hello\n---\n');
  });

  it('refuses a folder without a post, and one past the limits, before sending anything', async () => {
    await expect(zipFolder([picked('site/cover.png', 'png'), picked('site/a.txt', 'a')])).rejects.toThrow(
      'The folder holds no Markdown posts (.md, .mdx or .markdown files).',
    );
    await expect(zipFolder([picked('site/a.md', 'a', 51 * 1024 * 1024)])).rejects.toThrow(
      'The folder holds too much: at most 5,000 posts and images, 50 MB in all.',
    );
    const many = Array.from({ length: 5_001 }, (_, i) => picked(`site/p${i}.md`, 'x'));
    await expect(zipFolder(many)).rejects.toThrow('The folder holds too much');
  });
});
