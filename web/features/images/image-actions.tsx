/**
 * What a generated image offers wherever it is shown (the preview and 'Your images'): its size's
 * and quality's names, Download (as generated-image-{timestamp}.png) and 'Use This Image', which
 * offers it as a cover in the admin post editor and then says 'Selected' (once the page's code runs:
 * the choice is kept in this browser).
 */
import type { IMAGE_QUALITIES, IMAGE_SIZES } from '../../../common/constants.ts';
import { selectImage, useSelectedImage } from '../../lib/selected-image.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button, type ButtonProps } from '../../ui/button.tsx';
import { Check, Download } from '../../ui/icons.tsx';
import { toast } from '../../ui/use-toast.ts';

export const SIZE_LABELS: Record<(typeof IMAGE_SIZES)[number], string> = {
  '1024x1024': 'Square (1024 × 1024)',
  '1024x1792': 'Portrait (1024 × 1792)',
  '1792x1024': 'Landscape (1792 × 1024)',
};
export const QUALITY_LABELS: Record<(typeof IMAGE_QUALITIES)[number], string> = {
  standard: 'Standard',
  hd: 'HD (more detail)',
};

interface ShownImage {
  url: string;
  prompt: string;
  timestamp: number;
}

/** How a button is drawn where it is one of many: its size, and the id of what tells it apart (the prompt). */
interface Placement {
  size?: ButtonProps['size'];
  describedBy?: string;
}

export function DownloadImage({ image, size, describedBy }: { image: ShownImage } & Placement) {
  return (
    <Button asChild variant="outline" size={size}>
      <a href={image.url} download={`generated-image-${image.timestamp}.png`} aria-describedby={describedBy}>
        <Download className="h-4 w-4" />
        Download
      </a>
    </Button>
  );
}

export function UseImageButton({ image, size, describedBy }: { image: ShownImage } & Placement) {
  const selected = useSelectedImage();
  const hydrated = useHydrated();
  const isSelected = selected?.url === image.url;
  // The choice is kept in this browser by the page's code: without it there is nothing to press.
  if (!hydrated) return null;
  return (
    <Button
      size={size}
      aria-describedby={describedBy}
      disabled={isSelected}
      onClick={() => {
        selectImage({ url: image.url, prompt: image.prompt, timestamp: image.timestamp });
        toast({
          title: 'Image Selected',
          description: 'It is offered as the cover image when you write a blog post.',
        });
      }}
    >
      {isSelected ? (
        <>
          <Check className="h-4 w-4" />
          Selected
        </>
      ) : (
        'Use This Image'
      )}
    </Button>
  );
}
