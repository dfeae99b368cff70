/**
 * 'Your images' under the generator: every image the signed-in user generated, newest first, a
 * page of them at a time, each with its prompt, Download and 'Use This Image'. Read by the page's
 * loader (GET /api/images), so it is whole without the page's code, and read again after each
 * generation: an image is never lost with the page that showed it, nor with a reload.
 */

import { IMAGES_PER_HOUR } from '../../../common/constants.ts';
import type { YourImages as YourImagesPage } from '../../../common/schemas/ai.ts';
import { dateAndTime } from '../../lib/dates.ts';
import { useTimeZone } from '../../lib/site.ts';
import { Card } from '../../ui/card.tsx';
import { Pager } from '../../ui/pager.tsx';
import { DownloadImage, QUALITY_LABELS, SIZE_LABELS, UseImageButton } from './image-actions.tsx';

/** How many images one page of the list shows. */
export const YOUR_IMAGES_PAGE_SIZE = 12;

const more = (left: number) => (left === 1 ? '1 more image' : `${left} more images`);

export function YourImages({ images }: { images: YourImagesPage }) {
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="your-images-title" className="mt-12">
      <h2 id="your-images-title" className="text-2xl font-bold tracking-tight">
        Your images
      </h2>
      <p className="mt-2 text-muted-foreground">
        Every image you generate is kept here, newest first.{' '}
        {images.leftThisHour > 0
          ? `You can generate ${more(images.leftThisHour)} this hour.`
          : `You have generated ${IMAGES_PER_HOUR} images in the last hour; the next is possible once the oldest of them is an hour old.`}
      </p>
      {images.items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {images.total === 0 ? 'No images yet.' : 'No images on this page.'}
        </p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {images.items.map((image, index) => (
            <li key={image.url}>
              {/* On a phone a row (the picture beside its prompt), so a page of them is not a long scroll. */}
              <Card className="flex h-full overflow-hidden sm:flex-col">
                <img
                  src={image.url}
                  alt={`Generated from the prompt: ${image.prompt}`}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-28 shrink-0 self-start bg-muted/40 object-contain sm:w-full"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:gap-3 sm:p-4">
                  <p id={`image-${image.timestamp}-${index}`} className="line-clamp-3 text-sm break-words">
                    {image.prompt}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {SIZE_LABELS[image.size]} · {QUALITY_LABELS[image.quality]} ·{' '}
                    {dateAndTime(new Date(image.timestamp).toISOString(), timeZone)}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2">
                    <DownloadImage
                      image={image}
                      size="sm"
                      describedBy={`image-${image.timestamp}-${index}`}
                    />
                    <UseImageButton
                      image={image}
                      size="sm"
                      describedBy={`image-${image.timestamp}-${index}`}
                    />
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={images} label="Your images" />
    </section>
  );
}
