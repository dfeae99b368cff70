/**
 * 'Create New Blog Post' (and editing an existing post): the blog post form rules of spec
 * section 5, a slug made from the title about 500 ms after it changes while the slug is empty
 * (or on 'Generate'), cover and inline media uploads, and a preview rendered by the server's own
 * markdown renderer. Beyond the spec (issue 20): saving keeps the owner in the editor with the
 * save state shown (a post published at once still goes to /blog, as the spec says); unsaved
 * work survives a reload (editor-autosave.ts); the cover shows as a thumbnail; an inline image
 * asks for its alt text and becomes a paragraph of its own; a meta description, a canonical
 * URL, a publish time (a future one schedules the post), tag suggestions, and a private
 * preview link for a post not yet public.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { POST_DELETED_ELSEWHERE } from '../../../common/edit-messages.ts';
import { type AdminPost, type BlogPostFormInput, blogPostFormSchema } from '../../../common/schemas/blog.ts';
import { slugify } from '../../../common/text.ts';
import { wallClock } from '../../../common/zoned-time.ts';
import { BasedOn, goneSince, savedOverSince, useEditBase } from '../../lib/edit-version.tsx';
import { useDone } from '../../lib/form-post.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useTimeZone } from '../../lib/site.ts';
import { Field } from '../../ui/field.tsx';
import { AlertNotice, DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { BLOG_PATH } from './api.ts';
import { forgetEditorWork, useEditorAutosave } from './editor-autosave.ts';
import { useEditorForm } from './editor-form.ts';
import { CoverImageField, FILE_FIELDS, useEditorUploads } from './editor-uploads.tsx';
import { usePostTags } from './owner-api.ts';
import {
  ContentField,
  EditorActions,
  PublishingFields,
  TitleAndSlug,
  UnsavedWork,
} from './post-editor-fields.tsx';
import { PostPreview, useMarkdownPreview } from './post-preview.tsx';
import { PreviewLink } from './preview-link.tsx';
import { TagsField } from './tags-field.tsx';

const SLUG_DELAY_MS = 500;

/** The address parameter that opens the editor on a new post (`/admin/blog?new`). */
export const NEW_POST_PARAM = 'new';
/** The editor's name in the page's action, and what a save without the page's code comes back with. */
export const POST_FORM = 'post';
export const POST_DONE = { created: 'post-created', updated: 'post-updated' } as const;
const POST_FORM_ID = 'post-editor';
const PUBLISH_AT_ID = `${POST_FORM_ID}-publish-at`;

const empty: BlogPostFormInput = {
  title: '',
  slug: '',
  summary: '',
  content: '',
  coverImage: '',
  tags: '',
  isPublished: false,
  metaDescription: '',
  canonicalUrl: '',
};

/** The editor's fields of a stored post. */
const formOf = (post: AdminPost): BlogPostFormInput => ({
  title: post.title,
  slug: post.slug,
  summary: post.summary,
  content: post.content,
  coverImage: post.coverImage,
  tags: post.tags.join(', '),
  isPublished: post.isPublished,
  metaDescription: post.metaDescription,
  canonicalUrl: post.canonicalUrl,
});

/** An ISO time as the value of a datetime-local input, on the wall clock of `timeZone`. */
export function toLocalInput(iso: string, timeZone: string): string {
  const { date, minutes } = wallClock(new Date(iso), timeZone);
  return `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A publish time still to come, shown in the editor; a past one is not (it is when it went live). */
const plannedTime = (post: AdminPost | null, timeZone: string) =>
  post?.publishedAt && Date.parse(post.publishedAt) > Date.now()
    ? toLocalInput(post.publishedAt, timeZone)
    : '';

type Work = BlogPostFormInput & { publishAt: string };

/**
 * The editor's save, owned by the page rather than the editor: a new post's save comes back to the
 * page with the post open (`?edit=<id>`), and the editor may be drawn afresh for it while it is read;
 * what a save does next (the spec's toast, the blog for a post live at once, the unsaved work
 * forgotten) must not depend on the editor that sent it still being there.
 */
export function usePostSave() {
  const navigate = useNavigate();
  const refresh = useRefreshAdmin();
  const editorSaved = useRef<(() => void) | null>(null);
  const editorSavedOver = useRef<(() => void) | null>(null);
  const save = useRouteForm(POST_FORM, {
    // Saved elsewhere since it was opened: the post is read again, so that the next press (what
    // the refusal offers) is based on that version; the fields keep what the owner typed. Deleted
    // since: read again, it is gone, and the editor keeps its fields for a new post.
    onAnswer: (answer) => {
      if (goneSince(answer)) void refresh();
      if (!savedOverSince(answer)) return;
      editorSavedOver.current?.();
      void refresh();
    },
    onDone: (sent) => {
      const id = Number(sent?.get('id') ?? '');
      forgetEditorWork(Number.isInteger(id) && id > 0 ? id : null);
      editorSaved.current?.();
      void refresh(BLOG_PATH);
      if (id > 0) {
        toast({ title: 'Post updated', description: 'Your changes are saved.' });
        return;
      }
      toast({ title: 'Success!', description: 'Blog post created successfully.' });
      // A post live at once is on the blog (spec); a draft or a scheduled one stays in the editor.
      const publishAt = String(sent?.get('publishAt') ?? '');
      const live =
        sent?.get('isPublished') === 'on' && (!publishAt || new Date(publishAt).getTime() <= Date.now());
      if (live) navigate(paths.blog);
    },
  });
  return Object.assign(save, { editorSaved, editorSavedOver });
}

export type PostSave = ReturnType<typeof usePostSave>;

/**
 * A slug from the title, about 500 ms after the title changes, while the slug is empty; the
 * returned function gives it at once, for a save pressed sooner (it was refused for the empty slug).
 */
function useSlugFromTitle(form: ReturnType<typeof useEditorForm<BlogPostFormInput>>['form'], title: string) {
  const slugFromTitle = useCallback(() => {
    const typed = form.getValues('title');
    if (!form.getValues('slug') && typed)
      form.setValue('slug', slugify(typed), { shouldValidate: form.formState.isSubmitted });
  }, [form]);
  useEffect(() => {
    if (form.getValues('slug') || !title) return;
    const timer = setTimeout(slugFromTitle, SLUG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [title, form, slugFromTitle]);
  return slugFromTitle;
}

/** What the editor's save state says. */
function saveStateOf({
  pending,
  dirty,
  savedAt,
  editing,
}: {
  pending: boolean;
  dirty: boolean;
  savedAt: string | null;
  editing: boolean;
}) {
  if (pending) return 'Saving...';
  if (dirty) return 'Unsaved changes';
  if (savedAt)
    return `All changes saved at ${new Date(savedAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
  return editing ? 'No changes' : 'Not saved yet';
}

export function PostEditor({
  editing,
  gone = false,
  save,
  closeAt,
}: {
  editing: AdminPost | null;
  /** The post it was open on was deleted since: what the fields hold is kept, for a new post. */
  gone?: boolean;
  save: PostSave;
  closeAt: string;
}) {
  const { preview, show: showPreview, clear: clearPreview, kept } = useMarkdownPreview();
  // The stored post, else what a save (or a preview) without the code kept, else what was typed before it came.
  const answer = save.answer ?? kept;
  const editor = useEditorForm<BlogPostFormInput>({
    id: POST_FORM_ID,
    answer,
    empty: editing ? formOf(editing) : empty,
    resolver: zodResolver(blogPostFormSchema),
  });
  const { form, field, errorOf, onSubmit } = editor;
  const base = useEditBase(editing?.updatedAt, editing?.id ?? null);
  const timeZone = useTimeZone();
  const formElement = useRef<HTMLFormElement>(null);
  const { isDirty } = form.formState;
  const [publishAt, setPublishAt] = useState(() => {
    const typed = typeof document === 'undefined' ? null : document.getElementById(PUBLISH_AT_ID);
    if (typed && 'value' in typed && typeof typed.value === 'string' && typed.value) return typed.value;
    return answer?.values.publishAt ?? plannedTime(editing, timeZone);
  });
  const [publishAtError, setPublishAtError] = useState<string | undefined>(undefined);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const content = useRef<HTMLTextAreaElement | null>(null);
  const caret = useRef<number | undefined>(undefined);
  const uploads = useEditorUploads(form, () => caret.current, answer?.values[FILE_FIELDS.waiting]);
  const tagSuggestions = usePostTags();

  // Another post (or a new one) opened: its stored values, its own save state and preview. The
  // post the page came with keeps what the fields already hold (typed before the code arrived).
  const editingId = editing?.id ?? null;
  const shownId = useRef(editingId);
  useEffect(() => {
    if (shownId.current === editingId) return;
    if (gone) {
      // Its unsaved work goes on being kept as a new post's (the key of `null`).
      forgetEditorWork(shownId.current);
      shownId.current = null;
      return;
    }
    shownId.current = editingId;
    form.reset(editing ? formOf(editing) : empty);
    setPublishAt(plannedTime(editing, timeZone));
    setSavedAt(null);
    clearPreview();
  }, [editing, editingId, gone, form, clearPreview, timeZone]);

  const values = form.watch();
  const dirty = isDirty || publishAt !== plannedTime(editing, timeZone);
  const autosave = useEditorAutosave<Work>(editing?.id ?? null, { ...values, publishAt }, dirty);

  const slugFromTitle = useSlugFromTitle(form, values.title);

  // A save that went through (checked here first, then sent to the page's action like a post
  // without the code): the save state says so, and the fields start from what is now stored. One
  // refused as saved over since: the post is read again, the next press saves over that version.
  const forgetHere = useRef(autosave.forget);
  forgetHere.current = autosave.forget;
  useEffect(() => {
    save.editorSaved.current = () => {
      base.moveOn();
      forgetHere.current();
      savedHere.current = true;
      setSavedAt(new Date().toISOString());
    };
    save.editorSavedOver.current = base.moveOn;
    return () => {
      save.editorSaved.current = null;
      save.editorSavedOver.current = null;
    };
  }, [save.editorSaved, save.editorSavedOver, base.moveOn]);
  const created = useDone(POST_DONE.created) && !answer;
  const updated = useDone(POST_DONE.updated) && !answer;

  // The post saved here and read again: the fields start from what it now holds (nothing unsaved).
  const stored = editing?.updatedAt;
  const storedPost = useRef(editing);
  storedPost.current = editing;
  const savedHere = useRef(false);
  useEffect(() => {
    const post = storedPost.current;
    if (!stored || !post || !savedHere.current) return;
    savedHere.current = false;
    form.reset(formOf(post));
    setPublishAt(plannedTime(post, timeZone));
  }, [stored, form, timeZone]);

  const checkAndSave = onSubmit(() => {
    const at = publishAt ? new Date(publishAt) : null;
    if (at && Number.isNaN(at.getTime())) {
      setPublishAtError('Publish time must be a valid date and time');
      return;
    }
    setPublishAtError(undefined);
    if (formElement.current) void save.submit(formElement.current);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    slugFromTitle();
    return checkAndSave(event);
  };

  const restore = () => {
    if (!autosave.found) return;
    const { publishAt: storedPublishAt, ...stored } = autosave.found.values;
    // Restored values count as changes: the save state says so until they are saved.
    form.reset(editing ? formOf(editing) : empty);
    for (const [name, value] of Object.entries(stored)) {
      form.setValue(name as keyof BlogPostFormInput, value as never, { shouldDirty: true });
    }
    setPublishAt(storedPublishAt ?? '');
    autosave.restored();
  };

  return (
    <PageForm
      form={save}
      formRef={formElement}
      id={POST_FORM_ID}
      // The editor's own address, so a refusal sent back without the page's code finds it open.
      action={`${paths.adminBlog}?index&${editing ? `edit=${editing.id}` : NEW_POST_PARAM}`}
      encType={uploads.encType}
      aria-labelledby="editor-title"
      className="space-y-5 rounded-lg border border-border bg-card p-6"
      onSubmit={submit}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="editor-title" className="min-w-0 text-2xl font-bold">
          {editing ? `Edit “${editing.title}”` : 'Create New Blog Post'}
        </h2>
        <p role="status" aria-label="Save state" className="text-sm text-muted-foreground">
          {saveStateOf({ pending: save.pending, dirty, savedAt, editing: editing !== null })}
        </p>
      </div>
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <BasedOn version={base.version} />
      {/* The zone the publish time is written in, as the page shows it (useTimeZone). */}
      <input type="hidden" name="timeZone" value={timeZone} />
      <FormNotice answer={answer} />
      {/* Found gone by a read rather than by its own save (whose answer says so above). */}
      {gone && !(answer && goneSince(answer)) ? (
        <AlertNotice title="Post deleted" message={POST_DELETED_ELSEWHERE} />
      ) : null}
      {created || updated ? (
        <DoneNotice
          title={created ? 'Success!' : 'Post updated'}
          text={created ? 'Blog post created successfully.' : 'Your changes are saved.'}
        />
      ) : null}
      {autosave.found ? (
        <UnsavedWork
          savedAt={autosave.found.savedAt}
          timeZone={timeZone}
          onRestore={restore}
          onDiscard={autosave.forget}
        />
      ) : null}
      <TitleAndSlug editor={editor} />
      <Field label="Summary" error={errorOf('summary')}>
        <Textarea rows={3} {...field('summary')} />
      </Field>
      <ContentField
        editor={editor}
        uploads={uploads}
        textarea={content}
        caret={caret}
        onPreview={() => void showPreview(form.getValues('content') ?? '')}
      />
      <PostPreview html={preview} focus={kept !== undefined} />
      <CoverImageField
        form={form}
        input={field('coverImage')}
        error={errorOf('coverImage')}
        uploading={uploads.uploading}
        upload={uploads.upload}
      />
      <TagsField form={form} field={field('tags')} error={errorOf('tags')} suggested={tagSuggestions.data} />
      <PublishingFields
        editor={editor}
        editing={editing}
        timeZone={timeZone}
        publishAt={publishAt}
        publishAtId={PUBLISH_AT_ID}
        onPublishAt={setPublishAt}
        publishAtError={publishAtError}
      />
      <EditorActions editing={editing} pending={save.pending} closeAt={closeAt} />
      {editing && editing.status !== 'published' ? <PreviewLink post={editing} /> : null}
    </PageForm>
  );
}
