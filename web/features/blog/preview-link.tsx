/**
 * A private link to a post not yet public (a draft or a scheduled post): whoever has it reads
 * the post on its own page, under the Draft banner, until the owner revokes it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPost } from '../../../common/schemas/blog.ts';
import { paths } from '../../lib/paths.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { useCopyLink } from '../../lib/use-copy-link.ts';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { changePreviewLink, ownerBlogPaths } from './owner-api.ts';

export function PreviewLink({ post }: { post: AdminPost }) {
  const site = useSiteInfo();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(post.previewToken);
  const change = useMutation({
    mutationFn: (open: boolean) => changePreviewLink(post.id, open),
    onSuccess: (saved, open) => {
      setToken(saved.previewToken);
      queryClient.setQueryData([ownerBlogPaths.post(post.id)], saved);
      toast({
        title: open ? 'Preview link ready' : 'Preview link revoked',
        description: open
          ? 'Anyone with the link can read this post before it is published.'
          : 'The link no longer opens the post.',
      });
    },
    onError: failureToast('Error', 'Unknown error'),
  });
  const url = token ? `${site.url}${paths.post(post.slug)}?preview=${encodeURIComponent(token)}` : '';
  const { copy: copyLink } = useCopyLink();
  const copy = () => copyLink(url, 'Paste it to whoever should read the draft.');
  return (
    <section aria-labelledby="preview-link-heading" className="space-y-3 rounded-md border border-border p-4">
      <h3 id="preview-link-heading" className="font-semibold">
        Preview link
      </h3>
      {token ? (
        <>
          <p className="text-sm text-muted-foreground">
            Anyone with this link can read the post before it is published. Revoke it when they are done.
          </p>
          <div className="flex flex-wrap gap-2">
            <Input readOnly value={url} aria-label="Preview link address" className="min-w-0 flex-1" />
            <Button type="button" variant="outline" onClick={copy}>
              Copy link
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={change.isPending}
              onClick={() => change.mutate(false)}
            >
              Revoke link
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="mr-auto text-sm text-muted-foreground">
            Share the post with someone before it is published, without an account.
          </p>
          <Button
            type="button"
            variant="outline"
            pending={change.isPending}
            pendingText="Creating..."
            onClick={() => change.mutate(true)}
          >
            Create preview link
          </Button>
        </div>
      )}
    </section>
  );
}
