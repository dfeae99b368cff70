/**
 * The owner's tags (issue 34): each with the number of posts carrying it, renamed on every post at
 * once, or merged into another by renaming it to that one's name. Each row is a form that posts to
 * the page without its code (ADR 013).
 */
import { useId } from 'react';
import { tagKey } from '../../../common/text.ts';
import { useDone } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { DoneNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { BLOG_PATH } from './api.ts';
import { useOwnerTags } from './owner-api.ts';

export const TAG_FORM = 'tag';

export function TagsPanel() {
  const tags = useOwnerTags();
  const renamed = useDone(TAG_FORM);
  const items = tags.data?.items ?? [];
  return (
    <Panel
      headingId="tags-heading"
      title="Tags"
      description="Rename a tag on every post at once; rename it to another tag's name to merge the two. Spellings that differ only in case, spaces, dots or hyphens are already one tag."
    >
      {renamed && (
        <DoneNotice className="mt-4" title="Tag renamed" text="Every post carrying it has the new name." />
      )}
      <div className="mt-4" aria-busy={tags.isPending}>
        {!tags.data && <LoadState query={tags} loading="Loading tags" failed="Could not load the tags." />}
        {tags.data && items.length === 0 && <p className="text-sm text-muted-foreground">No tags yet.</p>}
        {items.length > 0 && (
          <ul aria-label="Tags" className="divide-y divide-border">
            {items.map((tag) => (
              <li key={tag.name} className="py-3">
                <TagRow name={tag.name} count={tag.count} others={items.map((item) => item.name)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

function TagRow({ name, count, others }: { name: string; count: number; others: string[] }) {
  const id = useId();
  const refresh = useRefreshAdmin();
  const rename = useRouteForm(TAG_FORM, {
    key: `${TAG_FORM}-${name}`,
    match: (answer) => answer.values.from === name,
    onDone: (sent) => {
      const next = String(sent?.get('to') ?? '').trim();
      const into = others.find((other) => other !== name && tagKey(other) === tagKey(next));
      toast(
        into
          ? { title: 'Tags merged', description: `“${name}” is now “${into}”.` }
          : { title: 'Tag renamed', description: `“${name}” is now “${next}”.` },
      );
      void refresh(BLOG_PATH);
    },
  });
  const problem = rename.errorOf('to') ?? (rename.answer?.message || undefined);
  return (
    <PageForm
      form={rename}
      // The posts page is the dashboard's index route.
      action={`${paths.adminBlog}?index`}
      aria-label={`Rename the tag ${name}`}
      className="flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="from" value={name} />
      <p className="min-w-0 basis-full sm:mr-auto sm:basis-auto">
        <span className="font-medium break-words">{name}</span>{' '}
        <span className="text-sm text-muted-foreground">
          {count} {count === 1 ? 'post' : 'posts'}
        </span>
      </p>
      <div className="flex flex-1 flex-col gap-1 sm:flex-none">
        <label htmlFor={id} className="text-xs font-medium">
          New name for {name}
        </label>
        <Input
          id={id}
          name="to"
          defaultValue={rename.answer?.values.to ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          className="h-9 w-full sm:w-48"
        />
      </div>
      <Button type="submit" size="sm" variant="outline" pending={rename.pending} pendingText="Renaming...">
        Rename
      </Button>
      {problem && (
        <p id={`${id}-error`} className="basis-full text-xs font-medium text-destructive">
          {problem}
        </p>
      )}
    </PageForm>
  );
}
