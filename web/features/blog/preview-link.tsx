/**
 * A private link to a post not yet public (a draft or a scheduled post): whoever has it reads
 * the post on its own page, under the Draft banner, until the owner revokes it. Created and revoked
 * by a form of its own (ADR 018), outside the editor's form: its buttons, in the editor, name it.
 */
import { useFetcher } from 'react-router';
import type { AdminPost } from '../../../common/schemas/blog.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useSiteInfo } from '../../lib/site.ts';
import { useCopyLink } from '../../lib/use-copy-link.ts';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';

/** The form's name in the posts page's action, and its element's id. */
export const PREVIEW_LINK_FORM = 'preview-link';
const formId = (post: AdminPost) => `${PREVIEW_LINK_FORM}-${post.id}`;

/** The form itself: the post's id; which button was pressed says whether to open or revoke. */
export function PreviewLinkForm({ post }: { post: AdminPost }) {
  const refresh = useRefreshAdmin();
  const form = useRouteForm(PREVIEW_LINK_FORM, {
    onDone: (sent) => {
      const open = sent?.get('open') === 'true';
      toast({
        title: open ? 'Preview link ready' : 'Preview link revoked',
        description: open
          ? 'Anyone with the link can read this post before it is published.'
          : 'The link no longer opens the post.',
      });
      void refresh();
    },
    key: formId(post),
  });
  return (
    <PageForm form={form} id={formId(post)} action={`${paths.adminBlog}?index&edit=${post.id}`}>
      <input type="hidden" name="id" value={post.id} />
      <FormNotice answer={form.answer} />
    </PageForm>
  );
}

export function PreviewLink({ post }: { post: AdminPost }) {
  const site = useSiteInfo();
  // The form's state (it is sent by the buttons here): the same fetcher, by its key.
  const pending = useFetcher({ key: formId(post) }).state !== 'idle';
  const token = post.previewToken;
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
            <LinkFormButton post={post} open={false} pending={pending}>
              Revoke link
            </LinkFormButton>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="mr-auto text-sm text-muted-foreground">
            Share the post with someone before it is published, without an account.
          </p>
          <LinkFormButton post={post} open pending={pending}>
            Create preview link
          </LinkFormButton>
        </div>
      )}
    </section>
  );
}

/** A button of the link's form, outside it (naming it): `open` makes the link, else revokes it. */
function LinkFormButton({
  post,
  open,
  pending,
  children,
}: {
  post: AdminPost;
  open: boolean;
  pending: boolean;
  children: string;
}) {
  return (
    <Button
      type="submit"
      form={formId(post)}
      name="open"
      value={String(open)}
      variant={open ? 'outline' : 'destructive'}
      {...(open ? { pending, pendingText: 'Creating...' } : { disabled: pending })}
    >
      {children}
    </Button>
  );
}
