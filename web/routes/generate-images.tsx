/**
 * /generate-images: visitors are told to sign in ('Authentication Required');
 * signed-in users get the generator and their images so far. 'Back to Home' on both.
 */

import {
  type ImageResponse,
  INVALID_PROMPT,
  imageRequestSchema,
  type YourImages as YourImagesPage,
} from '../../common/schemas/ai.ts';
import { GENERATE_IMAGE_PATH, IMAGE_FORM, YOUR_IMAGES_PATH } from '../features/images/api.ts';
import { ImageGenerator } from '../features/images/image-generator.tsx';
import { YOUR_IMAGES_PAGE_SIZE, YourImages } from '../features/images/your-images.tsx';
import { useAuth } from '../features/layout/auth-provider.tsx';
import { useStaticCopy } from '../features/layout/static-copy.ts';
import { StaticNotice } from '../features/layout/static-notice.tsx';
import { paths, signInPath } from '../lib/paths.ts';
import { formAction, routeForm } from '../lib/route-form.server.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { useSiteInfo } from '../lib/site.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { ArrowLeft, Lock } from '../ui/icons.tsx';
import { Link } from '../ui/link.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import type { Route } from './+types/generate-images';

/** The signed-in user's images, the page the address asks for (read again after each generation). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.staticCopy || !context.user) return { images: null };
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1);
  const images = await context.readOwnApi<YourImagesPage>(
    `${YOUR_IMAGES_PATH}?page=${Math.min(page, 100_000)}&pageSize=${YOUR_IMAGES_PAGE_SIZE}`,
  );
  return { images };
}

/** 'Generate Image', with the page's code or without it (ADR 018): the image shown on the page. */
export const action = formAction({
  [IMAGE_FORM]: routeForm({
    schema: imageRequestSchema,
    failure: { title: 'Error', fallback: 'Failed to generate image' },
    invalid: (errors) =>
      errors.prompt?.startsWith('Invalid Prompt')
        ? { title: 'Invalid Prompt', message: INVALID_PROMPT }
        : undefined,
    call: (values) => ({ method: 'POST', path: GENERATE_IMAGE_PATH, body: values }),
    show: (answer) => ({ image: (answer as ImageResponse).data }),
    unsuccessful: (answer) => {
      const response = answer as ImageResponse;
      return response.success && response.data ? undefined : response.message || 'Failed to generate image';
    },
  }),
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: rootDataOf(matches).site,
    title: 'AI Image Generator',
    description: 'Generate images for project backgrounds, blog posts and skill illustrations from a prompt.',
    path: paths.generateImages,
  });

export default function GenerateImagesPage({ loaderData }: Route.ComponentProps) {
  const { user } = useAuth();
  const site = useSiteInfo();
  const staticCopy = useStaticCopy();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <Button asChild variant="ghost" size="sm" className="mb-6">
        <Link to={paths.home}>
          <ArrowLeft className="h-4 w-4" />
          Back to Home
        </Link>
      </Button>
      <PageHeader title="AI Image Generator">
        Describe an image for a project background, a blog post or a skill illustration, and generate it.
      </PageHeader>
      {staticCopy ? (
        <StaticNotice feature="The image generator" className="mx-auto max-w-lg" />
      ) : user ? (
        <>
          <ImageGenerator generator={site.imageGenerator} />
          {loaderData.images ? <YourImages images={loaderData.images} /> : null}
        </>
      ) : (
        <Card className="mx-auto flex max-w-lg flex-col items-center p-8 text-center">
          <Lock className="h-10 w-10 text-primary" />
          <h2 className="mt-4 text-2xl font-bold">Authentication Required</h2>
          <p className="mt-2 text-muted-foreground">
            Image generation is available to signed-in users. Log in or create a free account to start.
          </p>
          <Button asChild className="mt-6">
            <Link to={signInPath(paths.generateImages)}>Login / Register</Link>
          </Button>
        </Card>
      )}
    </div>
  );
}
