/**
 * The post editor's uploads: the cover (uploaded, pasted, or the image picked in the AI Image
 * Generator), shown as a thumbnail, and images (with their alt text) or videos inserted into the
 * content as paragraphs of their own.
 */

import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { BlogPostFormInput } from '../../../common/schemas/blog.ts';
import { useSelectedImage } from '../../lib/selected-image.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { ImagePlus, Upload, Video } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { OnlyWithCode } from '../../ui/only-with-code.tsx';
import { toast } from '../../ui/use-toast.ts';
import { uploadFile } from './owner-api.ts';

type EditorForm = UseFormReturn<BlogPostFormInput>;

/** A cover address that can be shown: one of the site's files or a web address. */
const COVER_ADDRESS = /^(\/(uploads|images)\/[\w./-]+|https?:\/\/\S+)$/;
type Uploading = 'image' | 'media' | null;

/**
 * A block of markdown (an image, a video) as a paragraph of its own at `at` (the caret; the end
 * without one): a blank line before and after, never glued to the text around it.
 */
export function insertBlock(content: string, block: string, at = content.length): string {
  const before = content.slice(0, at).replace(/\s+$/, '');
  const after = content.slice(at).replace(/^\s+/, '');
  return `${before ? `${before}\n\n` : ''}${block}\n${after ? `\n${after}` : ''}`;
}

/** A video in the content. */
export const videoBlock = (url: string) => `<video src="${url}" controls></video>`;

/** An image in the content, with its description (brackets and line breaks taken out). */
export const imageBlock = (url: string, alt: string) => `![${alt.replace(/[[\]\n]/g, ' ').trim()}](${url})`;

/**
 * The fields the browser posts its chosen files in, without the page's code (which uploads each as
 * it is chosen and posts them empty): the cover, and an image or a video with its description; an
 * image stored by a press without its description waits in `waiting` for the next.
 */
export const FILE_FIELDS = {
  cover: 'coverFile',
  media: 'mediaFile',
  alt: 'mediaAlt',
  waiting: 'mediaUrl',
} as const;

/** An image inserted without its description: the message beside its field. */
export const ALT_MISSING = 'Describe the image for people who cannot see it';

/** An uploaded image waiting for its alt text before it goes into the content. */
export interface PendingImage {
  url: string;
  name: string;
}

/**
 * Uploads a cover (set as the cover address) or media: a video goes into the content at once, an
 * image waits in `pending` for its description. `caret` says where in the content it goes.
 * `waiting` is an image a save without the code stored and kept for its description: it waits in
 * the page's fields until the code runs, then in `pending`.
 */
export function useEditorUploads(
  form: EditorForm,
  caret: () => number | undefined,
  waiting: string | undefined,
) {
  const [uploading, setUploading] = useState<Uploading>(null);
  const [pending, setPending] = useState<PendingImage | null>(null);
  const [insertAt, setInsertAt] = useState<number | undefined>(undefined);
  const hydrated = useHydrated();
  const [kept] = useState(waiting);
  useEffect(() => {
    if (kept) setPending({ url: kept, name: '' });
  }, [kept]);
  const insert = (block: string, at: number | undefined) => {
    const content = form.getValues('content') ?? '';
    form.setValue('content', insertBlock(content, block, at), {
      shouldValidate: form.formState.isSubmitted,
      shouldDirty: true,
    });
  };
  const upload = async (field: 'image' | 'media', file: File | undefined) => {
    if (!file) return;
    const at = caret();
    setUploading(field);
    try {
      const url = await uploadFile(field, file);
      if (field === 'image') {
        form.setValue('coverImage', url, { shouldValidate: true, shouldDirty: true });
        toast({ title: 'Image uploaded' });
      } else if (file.type.startsWith('video/')) {
        insert(videoBlock(url), at);
        toast({ title: 'Media uploaded' });
      } else {
        setInsertAt(at);
        setPending({ url, name: file.name.replace(/\.[^.]+$/, '') });
        toast({ title: 'Media uploaded', description: 'Describe the image, then insert it.' });
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
  /** Puts the waiting image into the content with its description (brackets taken out). */
  const insertPending = (alt: string) => {
    if (!pending) return;
    insert(imageBlock(pending.url, alt), insertAt);
    setPending(null);
  };

  // The form posts files only until the code runs (it uploads each as it is chosen): multipart till then.
  const encType = hydrated ? undefined : ('multipart/form-data' as const);
  return {
    uploading,
    upload,
    pending,
    insertPending,
    cancelPending: () => setPending(null),
    encType,
    waiting: hydrated ? undefined : kept,
  };
}

/** The uploaded image, its alt text asked for, then 'Insert image'. */
export function PendingImagePanel({
  image,
  onInsert,
  onCancel,
}: {
  image: PendingImage;
  onInsert: (alt: string) => void;
  onCancel: () => void;
}) {
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = () => {
    if (!alt.trim()) {
      setError(ALT_MISSING);
      return;
    }
    onInsert(alt);
  };
  return (
    <section
      aria-label="Image to insert"
      className="flex flex-col gap-3 rounded-md border border-primary bg-muted/40 p-3 sm:flex-row sm:items-start"
    >
      <img src={image.url} alt="" width={160} height={90} className="h-24 w-40 rounded object-cover" />
      <div className="flex-1 space-y-2">
        <Field
          label="Alt text"
          hint="What the image shows, for screen readers and when it cannot load."
          error={error}
        >
          <Input
            value={alt}
            autoFocus
            onChange={(event) => {
              setAlt(event.target.value);
              setError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
          />
        </Field>
        <div className="flex gap-2">
          <Button type="button" size="sm" onClick={submit}>
            Insert image
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </section>
  );
}

type UploadFn = (field: 'image' | 'media', file: File | undefined) => Promise<void>;

/**
 * A button that opens a file picker (kept out of sight and out of the tab order) and uploads the
 * choice. Without the page's code the picker itself is shown, and the file goes with the form.
 */
function UploadButton({
  field,
  accept,
  label,
  uploading,
  upload,
  size,
  className,
  children,
}: {
  field: 'image' | 'media';
  accept: string;
  /** The name of the hidden file input. */
  label: string;
  uploading: Uploading;
  upload: UploadFn;
  size?: 'sm';
  className?: string;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const live = useHydrated();
  return (
    <>
      {/* Only with the page's code, which sends the file as it is chosen (a cover's address can be typed). */}
      <OnlyWithCode>
        <Button
          type="button"
          variant="outline"
          size={size}
          disabled={uploading !== null}
          onClick={() => input.current?.click()}
          className={className}
        >
          {uploading === field ? 'Uploading...' : children}
        </Button>
      </OnlyWithCode>
      {/* Without it, the picker with its name above it (the name the picker is read by, too). */}
      <span aria-hidden="true" className="hidden w-full text-sm font-medium no-scripting:block">
        {label}
      </span>
      <input
        ref={input}
        type="file"
        name={field === 'image' ? FILE_FIELDS.cover : FILE_FIELDS.media}
        accept={accept}
        aria-label={label}
        className="sr-only no-scripting:not-sr-only no-scripting:text-sm no-scripting:file:mr-3 no-scripting:file:rounded-md no-scripting:file:border no-scripting:file:border-input no-scripting:file:bg-background no-scripting:file:px-3 no-scripting:file:py-1.5 no-scripting:file:text-foreground"
        tabIndex={live ? -1 : undefined}
        onChange={(event) => {
          void upload(field, event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

/**
 * 'Insert image or video': a file picker whose file lands at the caret in the content (else at its
 * end). Without the page's code, the file goes at the end when the post is saved, an image with the
 * description typed beside it.
 */
export function InsertMediaButton({
  uploading,
  upload,
  error,
  waiting,
}: {
  uploading: Uploading;
  upload: UploadFn;
  /** Why the file sent with the form went in nowhere. */
  error: string | undefined;
  /** The image an earlier save stored, waiting for its description. */
  waiting: string | undefined;
}) {
  return (
    <>
      <UploadButton
        field="media"
        accept="image/*,video/*"
        label="Image or video to insert"
        uploading={uploading}
        upload={upload}
        size="sm"
      >
        <ImagePlus className="h-4 w-4" />
        <Video className="h-4 w-4" />
        Insert image or video
      </UploadButton>
      <div className="hidden w-full no-scripting:block">
        <Field
          label="Image description"
          hint="What the image shows, for screen readers and when it cannot load. The file goes at the end of the content when the post is saved."
          error={error}
        >
          <Input name={FILE_FIELDS.alt} />
        </Field>
        {waiting ? (
          <figure className="mt-2 flex items-center gap-3">
            <input type="hidden" name={FILE_FIELDS.waiting} value={waiting} />
            <img src={waiting} alt="" width={160} height={90} className="h-24 w-40 rounded object-cover" />
            <figcaption className="text-sm text-muted-foreground">
              Uploaded: it goes in once it has its description.
            </figcaption>
          </figure>
        ) : null}
      </div>
    </>
  );
}

/** The cover address with its upload button, and the AI-generated image on offer when there is one. */
export function CoverImageField({
  form,
  input,
  error,
  uploading,
  upload,
}: {
  form: EditorForm;
  /** The field's registration, with its value in the server's HTML. */
  input: ReturnType<EditorForm['register']> & { defaultValue?: string };
  error: string | undefined;
  uploading: Uploading;
  upload: UploadFn;
}) {
  const selectedImage = useSelectedImage();
  const coverImage = form.watch('coverImage');
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end no-scripting:sm:flex-col no-scripting:sm:items-stretch">
        <div className="flex-1">
          <Field
            label="Cover image URL"
            hint="Optional: upload one or paste an address. Left empty, a cover is generated from the title."
            error={error}
          >
            <Input {...input} />
          </Field>
        </div>
        <UploadButton
          field="image"
          accept="image/*"
          label="Cover image file"
          uploading={uploading}
          upload={upload}
          className="self-start sm:mb-[1.6rem] sm:self-auto"
        >
          <Upload className="h-4 w-4" />
          Upload cover
        </UploadButton>
      </div>
      {coverImage && COVER_ADDRESS.test(coverImage) ? (
        <figure className="flex items-center gap-3">
          <img
            src={coverImage}
            alt=""
            width={192}
            height={108}
            className="h-27 w-48 rounded-md border border-border object-cover"
          />
          <figcaption className="text-sm text-muted-foreground">
            The cover as visitors will see it.
          </figcaption>
        </figure>
      ) : null}
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
            <ImagePlus className="h-4 w-4" />
            Use generated image
          </Button>
        </div>
      )}
    </>
  );
}
