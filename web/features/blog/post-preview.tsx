/**
 * The post editor's preview: the content rendered by the server's own renderer and sanitiser
 * (the same as published posts), so no markdown library ships to the browser.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../lib/request.ts';
import { toast } from '../../ui/use-toast.ts';
import { MathStyles } from './math-styles.tsx';
import { renderPreview } from './owner-api.ts';

/** The preview's HTML (null while none is asked for), how to ask for one, and how to close it. */
export function useMarkdownPreview() {
  const [preview, setPreview] = useState<string | null>(null);
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
  return { preview, show, clear };
}

export function PostPreview({ html }: { html: string | null }) {
  return (
    <>
      {html !== null && (
        <section aria-label="Preview" className="rounded-lg border border-dashed border-border p-4">
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
