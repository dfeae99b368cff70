/**
 * 'Create New Blog Post' (and editing an existing post): the blog post form
 * rules of spec section 5, a slug made from the title about 500 ms after it
 * changes while the slug is empty (or on 'Generate'), cover and inline media
 * uploads, and a preview rendered by the server's own markdown renderer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ImagePlus, Upload, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
import { useSelectedImage } from '../images/selected-image.ts';
import { useRefreshAdmin } from './admin-list.tsx';
import { adminPaths } from './api.ts';
import { uploadFile } from './upload.ts';

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
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState<'image' | 'media' | null>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const mediaInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    form.reset(
      editing ? { ...editing, tags: editing.tags.join(', '), coverImage: editing.coverImage } : empty,
    );
    setPreview(null);
  }, [editing, form]);

  // A slug from the title, about 500 ms after the title changes, while the slug is empty.
  const title = form.watch('title');
  const coverImage = form.watch('coverImage');
  const selectedImage = useSelectedImage();
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

  const upload = async (field: 'image' | 'media', file: File | undefined) => {
    if (!file) return;
    setUploading(field);
    try {
      const url = await uploadFile(field, file);
      if (field === 'image') {
        form.setValue('coverImage', url, { shouldValidate: true });
        toast({ title: 'Image uploaded' });
      } else {
        const snippet = file.type.startsWith('video/')
          ? `<video src="${url}" controls></video>`
          : `![${file.name.replace(/\.[^.]+$/, '')}](${url})`;
        const content = form.getValues('content') ?? '';
        form.setValue(
          'content',
          `${content}${content && !content.endsWith('\n') ? '\n\n' : ''}${snippet}\n`,
          {
            shouldValidate: form.formState.isSubmitted,
          },
        );
        toast({ title: 'Media uploaded' });
      }
    } catch (failure) {
      const message = (failure as Error).message || 'Unknown error';
      toast({
        title:
          field === 'image' ? `Failed to upload image: ${message}` : `Failed to upload media: ${message}`,
        variant: 'destructive',
      });
    } finally {
      setUploading(null);
    }
  };

  const showPreview = async () => {
    try {
      const response = await apiRequest('POST', adminPaths.markdownPreview, {
        content: form.getValues('content') ?? '',
      });
      setPreview(((await response.json()) as { html: string }).html);
    } catch (failure) {
      toast({
        title: 'Error',
        description: errorMessage(failure) ?? 'Preview failed',
        variant: 'destructive',
      });
    }
  };

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
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={uploading !== null}
            onClick={() => mediaInput.current?.click()}
          >
            {uploading === 'media' ? (
              'Uploading...'
            ) : (
              <>
                <ImagePlus aria-hidden="true" className="h-4 w-4" />
                <Video aria-hidden="true" className="h-4 w-4" />
                Insert image or video
              </>
            )}
          </Button>
          <input
            ref={mediaInput}
            type="file"
            accept="image/*,video/*"
            aria-label="Image or video to insert"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              void upload('media', event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button type="button" variant="ghost" size="sm" onClick={() => void showPreview()}>
            Preview
          </Button>
        </div>
      </div>
      {preview !== null && (
        <section aria-label="Preview" className="rounded-lg border border-dashed border-border p-4">
          {preview ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server
            <div className="prose-content" dangerouslySetInnerHTML={{ __html: preview }} />
          ) : (
            <p className="text-muted-foreground">No content available for this post.</p>
          )}
        </section>
      )}
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field
            label="Cover image URL"
            hint="Optional: upload one or paste an address. Left empty, a cover is generated from the title."
            error={errors.coverImage?.message}
          >
            <Input {...form.register('coverImage')} />
          </Field>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={uploading !== null}
          onClick={() => coverInput.current?.click()}
          className="mb-[1.6rem]"
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          {uploading === 'image' ? 'Uploading...' : 'Upload cover'}
        </Button>
        <input
          ref={coverInput}
          type="file"
          accept="image/*"
          aria-label="Cover image file"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            void upload('image', event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {selectedImage && coverImage !== selectedImage.url && (
        <div className="flex items-center gap-3 rounded-md border border-border bg-muted/40 p-3">
          <img
            src={selectedImage.url}
            alt=""
            width={96}
            height={54}
            className="h-14 w-24 rounded object-cover"
          />
          <p className="flex-1 text-sm text-muted-foreground">
            The image you selected in the AI Image Generator can be this post's cover.
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              form.setValue('coverImage', selectedImage.url, { shouldValidate: true, shouldDirty: true })
            }
          >
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            Use generated image
          </Button>
        </div>
      )}
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
