/**
 * The post editor's parts (post-editor.tsx holds the form, its state and its save): the unsaved
 * work offered back, the content with its media and preview, what search engines and the
 * schedule read, and the editor's buttons.
 */
import type { RefObject } from 'react';
import { SEO_DESCRIPTION_LENGTH } from '../../../common/constants.ts';
import type { AdminPost, BlogPostFormInput } from '../../../common/schemas/blog.ts';
import { slugify } from '../../../common/text.ts';
import { dateAndTime } from '../../lib/dates.ts';
import { FORM_FIELD } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { OnlyWithCode, OnlyWithoutCode } from '../../ui/only-with-code.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import type { useEditorForm } from './editor-form.ts';
import {
  FILE_FIELDS,
  InsertMediaButton,
  PendingImagePanel,
  type useEditorUploads,
} from './editor-uploads.tsx';
import { PREVIEW_FORM } from './post-preview.tsx';

/** The editor's form: react-hook-form's, with each field's registration and message. */
type Editor = ReturnType<typeof useEditorForm<BlogPostFormInput>>;

/** Work typed here before and not saved, kept in the browser: restored or discarded. */
export function UnsavedWork({
  savedAt,
  timeZone,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  timeZone: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-label="Unsaved work"
      className="flex flex-wrap items-center gap-3 rounded-md border border-primary bg-primary/10 p-3 text-sm"
    >
      <p className="mr-auto">You have unsaved changes from {dateAndTime(savedAt, timeZone)}. Restore them?</p>
      <Button type="button" size="sm" onClick={onRestore}>
        Restore
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
        Discard
      </Button>
    </section>
  );
}

/** The title, and the slug made from it (on 'Generate', or by itself while the slug is empty). */
export function TitleAndSlug({ editor: { form, field, errorOf } }: { editor: Editor }) {
  return (
    <>
      <Field label="Title" error={errorOf('title')}>
        <Input {...field('title')} />
      </Field>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field label="Slug" hint="Lowercase letters, numbers and hyphens." error={errorOf('slug')}>
            <Input {...field('slug')} />
          </Field>
        </div>
        {/* Only with the page's code; without it an empty slug is made from the title on saving. */}
        <OnlyWithCode>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              form.setValue('slug', slugify(form.getValues('title') ?? ''), {
                shouldValidate: true,
                shouldDirty: true,
              })
            }
            className="mb-[1.6rem]"
          >
            Generate
          </Button>
        </OnlyWithCode>
      </div>
    </>
  );
}

/** The post's Markdown, with an image or a video put where the caret was, and its preview asked for. */
export function ContentField({
  editor: { field, errorOf },
  uploads,
  textarea,
  caret,
  onPreview,
}: {
  editor: Editor;
  uploads: ReturnType<typeof useEditorUploads>;
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Where the caret was when the content was left: an inserted image goes there. */
  caret: RefObject<number | undefined>;
  onPreview: () => void;
}) {
  const contentField = field('content');
  return (
    <div className="space-y-2">
      <Field label="Content" hint="Markdown." error={errorOf('content')}>
        <Textarea
          rows={16}
          className="font-mono"
          {...contentField}
          ref={(element) => {
            contentField.ref(element);
            textarea.current = element;
          }}
          onBlur={(event) => {
            caret.current = event.currentTarget.selectionStart;
            void contentField.onBlur(event);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <InsertMediaButton
          uploading={uploads.uploading}
          upload={uploads.upload}
          error={errorOf(FILE_FIELDS.alt) ?? errorOf(FILE_FIELDS.media)}
          waiting={uploads.waiting}
        />
        <OnlyWithCode>
          <Button type="button" variant="ghost" size="sm" onClick={() => onPreview()}>
            Preview
          </Button>
        </OnlyWithCode>
        {/* Without it, the fields are posted as the preview's form, and the page comes back with it. */}
        <OnlyWithoutCode>
          <Button type="submit" name={FORM_FIELD} value={PREVIEW_FORM} variant="ghost" size="sm">
            Preview
          </Button>
        </OnlyWithoutCode>
      </div>
      {uploads.pending ? (
        <PendingImagePanel
          key={uploads.pending.url}
          image={uploads.pending}
          onInsert={(alt) => {
            uploads.insertPending(alt);
            textarea.current?.focus();
          }}
          onCancel={uploads.cancelPending}
        />
      ) : null}
    </div>
  );
}

/** What search engines and shared links read, and when the post goes live. */
export function PublishingFields({
  editor: { form, field, errorOf },
  editing,
  timeZone,
  publishAt,
  publishAtId,
  onPublishAt,
  publishAtError,
}: {
  editor: Editor;
  editing: AdminPost | null;
  timeZone: string;
  publishAt: string;
  /** The publish time's input: the editor reads what was typed there before its code ran. */
  publishAtId: string;
  onPublishAt: (value: string) => void;
  publishAtError: string | undefined;
}) {
  const metaDescription = form.watch('metaDescription') ?? '';
  return (
    <>
      <Field
        label="Meta description"
        hint={`${metaDescription.length}/${SEO_DESCRIPTION_LENGTH}. What search results and shared links show. Left empty, the summary is used (or the first ${SEO_DESCRIPTION_LENGTH} characters of the post).`}
        error={errorOf('metaDescription')}
      >
        <Textarea rows={2} {...field('metaDescription')} />
      </Field>
      <Field
        label="Canonical URL (optional)"
        hint="Only when the post first appeared on another site: search engines then credit that address."
        error={errorOf('canonicalUrl')}
      >
        <Input type="url" placeholder="https://" {...field('canonicalUrl')} />
      </Field>
      <div className="space-y-3">
        <div>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="h-4 w-4" {...field('isPublished')} />
            Publish now
          </label>
          <p className="mt-1 text-xs text-muted-foreground">If unchecked, the post is saved as a draft.</p>
        </div>
        <Field
          label="Publish at (optional)"
          hint={
            editing?.status === 'published' && editing.publishedAt
              ? `Published ${dateAndTime(editing.publishedAt, timeZone)}. A time in the future schedules the post instead (${timeZone} time).`
              : `Leave empty to publish when you save. A time in the future schedules the post: it goes live then (${timeZone} time).`
          }
          error={publishAtError ?? errorOf('publishAt' as never)}
        >
          <Input
            id={publishAtId}
            name="publishAt"
            type="datetime-local"
            value={publishAt}
            onChange={(event) => onPublishAt(event.target.value)}
          />
        </Field>
      </div>
    </>
  );
}

/** Save, the post on the site, and closing the editor. */
export function EditorActions({
  editing,
  pending,
  closeAt,
}: {
  editing: AdminPost | null;
  pending: boolean;
  /** Where 'Close editor' goes: the page without the editor, the list's page kept. */
  closeAt: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" pending={pending} pendingText="Saving...">
        {editing ? 'Update Post' : 'Create Post'}
      </Button>
      {editing && (
        <a
          href={paths.post(editing.slug)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center rounded-md border border-border px-4 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
        >
          {editing.status === 'published' ? 'View post' : 'View draft'}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <Button asChild variant="outline">
        <Link to={closeAt}>Close editor</Link>
      </Button>
    </div>
  );
}
