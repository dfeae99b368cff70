/**
 * The post editor's preview: the content rendered by the server's own renderer and sanitiser
 * (the same as published posts), so no markdown library ships to the browser.
 */
import { useCallback, useState } from 'react';
import { useFormAnswer } from '../../lib/form-post.ts';
import { errorMessage } from '../../lib/request.ts';
import { toast } from '../../ui/use-toast.ts';
import { MathStyles } from './math-styles.tsx';
import { renderPreview } from './owner-api.ts';

/** The editor's 'Preview' without the page's code: the editor's fields posted as this form. */
export const PREVIEW_FORM = 'post-preview';

/**
 * The preview's HTML (null while none is asked for), how to ask for one, and how to close it.
 * Asked for without the page's code, the page comes back with it, and with what the fields held
 * (`kept`), which the editor starts from.
 */
export function useMarkdownPreview() {
  const kept = useFormAnswer(PREVIEW_FORM);
  const shown = kept?.extra?.html;
  const [preview, setPreview] = useState<string | null>(typeof shown === 'string' ? shown : null);
  const show = async (content: string) => {
    try {
      setPreview(await renderPreview(content));
    } catch (failure) {
      toast({
        title: 'Error',
        description: errorMessage(failure) ?? 'Preview failed',
        variant: 'destructive',
      });
    }
  };
  const clear = useCallback(() => setPreview(null), []);
  return { preview, show, clear, kept };
}

/** The preview; `focus`: brought into view as the page loads (the page came back with it, without the code). */
export function PostPreview({ html, focus = false }: { html: string | null; focus?: boolean }) {
  return (
    <>
      {html !== null && (
        <section
          aria-label="Preview"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: only on the page a preview asked without the code came back with, to bring it into view.
          autoFocus={focus}
          className="rounded-lg border border-dashed border-border p-4 outline-none"
        >
          {html ? (
            <>
              <MathStyles html={html} />
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server */}
              <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
            </>
          ) : (
            <p className="text-muted-foreground">No content available for this post.</p>
          )}
        </section>
      )}
    </>
  );
}
