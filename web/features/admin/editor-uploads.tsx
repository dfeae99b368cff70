/**
 * The post editor's uploads: the cover (uploaded, pasted, or the image picked in the AI Image
 * Generator) and images or videos inserted into the content as markdown.
 */

import { type ReactNode, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { BlogPostFormInput } from '../../../common/schemas/forms.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { ImagePlus, Upload, Video } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useSelectedImage } from '../images/selected-image.ts';
import { uploadFile } from './upload.ts';

type EditorForm = UseFormReturn<BlogPostFormInput>;
type Uploading = 'image' | 'media' | null;

/** Uploads a cover (set as the cover address) or media (appended to the content); which one is on its way. */
export function useEditorUploads(form: EditorForm) {
  const [uploading, setUploading] = useState<Uploading>(null);
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

  return { uploading, upload };
}

type UploadFn = (field: 'image' | 'media', file: File | undefined) => Promise<void>;

/** A button that opens a file picker (kept out of sight and out of the tab order) and uploads the choice. */
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
  return (
    <>
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
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          void upload(field, event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

/** 'Insert image or video': a file picker whose file lands at the end of the content. */
export function InsertMediaButton({ uploading, upload }: { uploading: Uploading; upload: UploadFn }) {
  return (
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
  );
}

/** The cover address with its upload button, and the AI-generated image on offer when there is one. */
export function CoverImageField({
  form,
  uploading,
  upload,
}: {
  form: EditorForm;
  uploading: Uploading;
  upload: UploadFn;
}) {
  const selectedImage = useSelectedImage();
  const coverImage = form.watch('coverImage');
  const { errors } = form.formState;
  return (
    <>
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
        <UploadButton
          field="image"
          accept="image/*"
          label="Cover image file"
          uploading={uploading}
          upload={upload}
          className="mb-[1.6rem]"
        >
          <Upload className="h-4 w-4" />
          Upload cover
        </UploadButton>
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
            <ImagePlus className="h-4 w-4" />
            Use generated image
          </Button>
        </div>
      )}
    </>
  );
}
