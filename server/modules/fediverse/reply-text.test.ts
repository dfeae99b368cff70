import { describe, expect, it } from 'vitest';
import { replyText } from './reply-text.ts';

describe('a fediverse reply as comment text', () => {
  it("keeps the words and the lines, drops the markup and the blog's mention", () => {
    const mastodon =
      '<p><span class="h-card" translate="no"><a href="https://blog.example/ap/actors/blog" class="u-url mention">@<span>jordan</span></a></span> Does the 2016 model take the same battery?</p><p>Thanks &amp; cheers,<br />Ada</p>';
    expect(replyText(mastodon)).toBe('Does the 2016 model take the same battery?\n\nThanks & cheers,\nAda');
    expect(replyText('<p>@jordan@blog.example @ada hi&#33; &#x1F511; &lt;b&gt;not bold&lt;/b&gt;</p>')).toBe(
      'hi! 🔑 <b>not bold</b>',
    );
  });

  it('leaves nothing of a script, and is never longer than a comment', () => {
    expect(replyText('<script>alert(1)</script><style>p{}</style><p>ok</p>')).toBe('ok');
    expect(replyText('')).toBe('');
    const long = replyText(`<p>${'word '.repeat(2000)}</p>`);
    expect(long.length).toBe(5000);
    expect(long.endsWith('…')).toBe(true);
  });
});
