/**
 * 'Create New Blog Post' (and editing an existing post): the blog post form
 * rules of spec section 5, a slug made from the title about 500 ms after it
 * changes while the slug is empty (or on 'Generate'), cover and inline media
 * uploads, and a preview rendered by the server's own markdown renderer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { AdminPost } from '../../../common/schemas/admin.ts';
import { type BlogPostFormInput, blogPostFormSchema } from '../../../common/schemas/forms.ts';
import { slugify } from '../../../common/text.ts';
import { paths } from '../../lib/paths.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { BLOG_PATH } from '../blog/api.ts';
import { useRefreshAdmin } from './admin-list.tsx';
import { adminPaths } from './api.ts';
import { CoverImageField, InsertMediaButton, useEditorUploads } from './editor-uploads.tsx';
import { PostPreview, useMarkdownPreview } from './post-preview.tsx';

const SLUG_DELAY_MS = 500;

const empty: BlogPostFormInput = {
  title: '',
  slug: '',
  summary: '',
  content: '',
  coverImage: '',
  tags: '',
  isPublished: false,
};

export function PostEditor({ editing, onDone }: { editing: AdminPost | null; onDone: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshAdmin();
  const form = useForm<BlogPostFormInput>({
    resolver: zodResolver(blogPostFormSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const { preview, show: showPreview, clear: clearPreview } = useMarkdownPreview();
  const { uploading, upload } = useEditorUploads(form);

  useEffect(() => {
    form.reset(
      editing ? { ...editing, tags: editing.tags.join(', '), coverImage: editing.coverImage } : empty,
    );
    clearPreview();
  }, [editing, form, clearPreview]);

  // A slug from the title, about 500 ms after the title changes, while the slug is empty.
  const title = form.watch('title');
  useEffect(() => {
    if (form.getValues('slug') || !title) return;
    const timer = setTimeout(() => {
      if (!form.getValues('slug'))
        form.setValue('slug', slugify(title), { shouldValidate: form.formState.isSubmitted });
    }, SLUG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [title, form]);

  const save = useMutation({
    mutationFn: async (values: BlogPostFormInput) =>
      editing
        ? (await apiRequest('PATCH', adminPaths.post(editing.id), values)).json()
        : (await apiRequest('POST', BLOG_PATH, values)).json(),
    onSuccess: async () => {
      await refresh(BLOG_PATH);
      if (editing) {
        toast({ title: 'Post updated', description: 'Your changes are saved.' });
        onDone();
        return;
      }
      toast({ title: 'Success!', description: 'Blog post created successfully.' });
      navigate(paths.blog);
    },
    onError: (failure) => {
      toast({
        title: 'Error',
        description: `Failed to create blog post: ${errorMessage(failure) ?? 'Unknown error'}`,
        variant: 'destructive',
      });
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="editor-title"
      className="space-y-5 rounded-lg border border-border bg-card p-6"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <h2 id="editor-title" className="text-2xl font-bold">
        {editing ? `Edit “${editing.title}”` : 'Create New Blog Post'}
      </h2>
      <Field label="Title" error={errors.title?.message}>
        <Input {...form.register('title')} />
      </Field>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field label="Slug" hint="Lowercase letters, numbers and hyphens." error={errors.slug?.message}>
            <Input {...form.register('slug')} />
          </Field>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            form.setValue('slug', slugify(form.getValues('title') ?? ''), { shouldValidate: true })
          }
          className="mb-[1.6rem]"
        >
          Generate
        </Button>
      </div>
      <Field label="Summary" error={errors.summary?.message}>
        <Textarea rows={3} {...form.register('summary')} />
      </Field>
      <div className="space-y-2">
        <Field label="Content" hint="Markdown." error={errors.content?.message}>
          <Textarea rows={16} className="font-mono" {...form.register('content')} />
        </Field>
        <div className="flex flex-wrap gap-2">
          <InsertMediaButton uploading={uploading} upload={upload} />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => void showPreview(form.getValues('content') ?? '')}
          >
            Preview
          </Button>
        </div>
      </div>
      <PostPreview html={preview} />
      <CoverImageField form={form} uploading={uploading} upload={upload} />
      <Field label="Tags" hint="Comma-separated." error={errors.tags?.message}>
        <Input placeholder="React, Repair" {...form.register('tags')} />
      </Field>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="h-4 w-4" {...form.register('isPublished')} />
          Publish now
        </label>
        <p className="mt-1 text-xs text-muted-foreground">If unchecked, the post is saved as a draft.</p>
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Update Post' : 'Create Post'}
        </Button>
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
