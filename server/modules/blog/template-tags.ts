/**
 * Hugo's shortcodes and Jekyll's Liquid tags, which are not Markdown: the common ones by their
 * meaning (a highlighted block, a figure, a YouTube video, a tweet), any other one dropped.
 */
export function templateTags(body: string, notes: string[]): string {
  const quoted = (attrs: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attrs)?.[1] ??
    new RegExp(`\\b${name}\\s*=\\s*'([^']*)'`).exec(attrs)?.[1];
  const counts = new Map<string, number>();
  const count = (note: string) => counts.set(note, (counts.get(note) ?? 0) + 1);
  const out = body
    .replace(/\{%-?\s*highlight\s+([\w+-]+)[^%]*-?%\}/g, (_m, lang: string) => {
      count('Liquid highlight blocks became fenced code');
      return `\`\`\`${lang}`;
    })
    .replace(/\{%-?\s*endhighlight\s*-?%\}/g, '```')
    .replace(/\{%-?\s*(end)?raw\s*-?%\}/g, '')
    .replace(/\{\{[<%]\s*(\w+)([^}]*?)\s*[>%]\}\}/g, (match, name: string, attrs: string) => {
      const positional = attrs
        .trim()
        .split(/\s+/)
        .filter((word) => !word.includes('='));
      if (name === 'figure' || name === 'image' || name === 'img') {
        const src = quoted(attrs, 'src');
        if (!src) return match;
        count(`Hugo {{< ${name} >}} became an image`);
        return `![${(quoted(attrs, 'alt') ?? quoted(attrs, 'caption') ?? quoted(attrs, 'title') ?? '').replace(/[[\]]/g, '')}](${src})`;
      }
      if (name === 'youtube' || name === 'vimeo') {
        const id = quoted(attrs, 'id') ?? positional[0]?.replace(/"/g, '');
        if (!id) return match;
        count(`Hugo {{< ${name} >}} became a link to the video`);
        return name === 'vimeo'
          ? `[A video on Vimeo](https://vimeo.com/${id})`
          : `[A video on YouTube](https://www.youtube.com/watch?v=${id})`;
      }
      if (name === 'tweet' || name === 'x') {
        const id = quoted(attrs, 'id') ?? positional[positional.length - 1]?.replace(/"/g, '');
        if (!id) return match;
        count(`Hugo {{< ${name} >}} became a link to the post`);
        return `[A post on X](https://x.com/i/status/${id})`;
      }
      count(`Hugo {{< ${name} >}} dropped`);
      return '';
    })
    .replace(/\{%-?\s*(\w+)[^%]*-?%\}/g, (_m, name: string) => {
      count(`Liquid {% ${name} %} dropped`);
      return '';
    });
  notes.push(...[...counts].map(([note, times]) => (times > 1 ? `${note} (${times} times)` : note)));
  return out;
}
