/**
 * The signed-in part of /generate-images: tabs Image Generator and Example
 * Prompts; the prompt form (image prompt rules of spec section 5) and the
 * preview in its three states: idle, generating, generated. A generated image
 * can be downloaded as generated-image-{timestamp}.png or selected with 'Use
 * This Image', which offers it as a cover in the admin post editor. The preview
 * shows the answer to the last press; every image stays in 'Your images' below.
 */
import * as Tabs from 'radix-ui/tabs';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IMAGE_PROMPT_MIN } from '../../../common/constants.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { ImageIcon, Info, LoaderCircle, Wand2 } from '../../ui/icons.tsx';
import { OnlyWithCode, OnlyWithoutCode } from '../../ui/only-with-code.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { IMAGE_FORM } from './api.ts';
import { EXAMPLE_PROMPTS } from './example-prompts.ts';
import { DownloadImage, QUALITY_LABELS, SIZE_LABELS, UseImageButton } from './image-actions.tsx';

type Size = keyof typeof SIZE_LABELS;
type Quality = keyof typeof QUALITY_LABELS;
const ASPECT: Record<Size, string> = {
  '1024x1024': 'aspect-square',
  '1024x1792': 'aspect-[1024/1792] max-h-[640px]',
  '1792x1024': 'aspect-[1792/1024]',
};

/** An image as the page's action answers it (shown once: never an address to come back to). */
interface Generated {
  url: string;
  timestamp: number;
  generator: 'built-in' | 'ai-service';
}

const IMAGE_FORM_ID = 'image-form';

const generatedText = (image: Generated) =>
  image.generator === 'built-in'
    ? 'Drawn by the built-in generator from your prompt.'
    : 'Your image is ready.';

const sizeOf = (value: unknown): Size =>
  typeof value === 'string' && value in SIZE_LABELS ? (value as Size) : '1024x1024';
const qualityOf = (value: unknown): Quality =>
  typeof value === 'string' && value in QUALITY_LABELS ? (value as Quality) : 'standard';

/**
 * Without the page's code the tabs are links (`?tab=examples`), and an example is a link to the
 * generator with it as the prompt (`?example=<its number>`: the text stays out of the address).
 */
const TAB_PARAM = 'tab';
const EXAMPLE_PARAM = 'example';
const EXAMPLES = EXAMPLE_PROMPTS.flatMap(({ prompts }) => prompts);
const exampleOf = (params: URLSearchParams) => EXAMPLES[Number(params.get(EXAMPLE_PARAM) ?? '') - 1];

const exampleClass =
  'w-full rounded-md border border-border p-3 text-left text-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

const tabClass =
  'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-ring';

export function ImageGenerator({ generator }: { generator: 'built-in' | 'ai-service' }) {
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (params.get(TAB_PARAM) === 'examples' ? 'examples' : 'generator'));
  const generate = useRouteForm(IMAGE_FORM, {
    onAnswer: (answer) => {
      const made = answer.extra?.image as Generated | undefined;
      if (made) toast({ title: 'Image Generated', description: generatedText(made) });
    },
  });
  const answer = generate.answer;
  // The prompt follows the typing, for the button and Ctrl+Enter (what the server kept, at first).
  const [prompt, setPrompt] = useState(() => answer?.values.prompt ?? exampleOf(params) ?? '');
  const hydrated = useHydrated();
  const promptField = useRef<HTMLTextAreaElement>(null);
  const long = prompt.trim().length >= IMAGE_PROMPT_MIN;

  const fillFromExample = (example: string) => {
    if (promptField.current) promptField.current.value = example;
    setPrompt(example);
    setTab('generator');
    requestAnimationFrame(() => promptField.current?.focus());
  };

  const made = answer?.kind === 'done' ? (answer.extra?.image as Generated | undefined) : undefined;
  const image =
    made && !generate.pending
      ? { ...made, prompt: answer?.values.prompt ?? '', size: sizeOf(answer?.values.size) }
      : undefined;
  const size = sizeOf(answer?.values.size);

  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      {/* The examples fill the prompt with the page's code: without it, only the generator is shown. */}
      <OnlyWithCode as="div">
        <Tabs.List aria-label="Image generator" className="inline-flex rounded-md bg-muted p-1">
          <Tabs.Trigger value="generator" className={tabClass}>
            Image Generator
          </Tabs.Trigger>
          <Tabs.Trigger value="examples" className={tabClass}>
            Example Prompts
          </Tabs.Trigger>
        </Tabs.List>
      </OnlyWithCode>
      <OnlyWithoutCode as="div">
        <nav aria-label="Image generator" className="inline-flex rounded-md bg-muted p-1">
          {(
            [
              ['generator', 'Image Generator', '?'],
              ['examples', 'Example Prompts', `?${TAB_PARAM}=examples`],
            ] as const
          ).map(([value, label, to]) => (
            <Link
              key={value}
              to={to}
              aria-current={tab === value ? 'page' : undefined}
              data-state={tab === value ? 'active' : undefined}
              className={tabClass}
            >
              {label}
            </Link>
          ))}
        </nav>
      </OnlyWithoutCode>

      <Tabs.Content value="generator" className="mt-6 grid gap-8 lg:grid-cols-2">
        <Card className="h-fit p-6">
          <PageForm form={generate} id={IMAGE_FORM_ID} aria-label="Generate an image" className="space-y-5">
            <FormNotice answer={answer} />
            {image ? <DoneNotice title="Image Generated" text={generatedText(image)} /> : null}
            <Field
              label="Prompt"
              hint={`At least ${IMAGE_PROMPT_MIN} characters. Name a subject, colours and a mood. Ctrl+Enter generates.`}
            >
              <Textarea
                ref={promptField}
                name="prompt"
                rows={5}
                // The prompt as it is now: the tab drawn again (after an example was picked) shows it.
                defaultValue={prompt}
                placeholder="A red car and golden keys on a dark background"
                onChange={(event) => setPrompt(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.preventDefault();
                    generate.formRef.current?.requestSubmit();
                  }
                }}
              />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Size">
                <Select name="size" options={SIZE_LABELS} defaultValue={size} />
              </Field>
              <Field label="Quality">
                <Select
                  name="quality"
                  options={QUALITY_LABELS}
                  defaultValue={qualityOf(answer?.values.quality)}
                />
              </Field>
            </div>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={(hydrated && !long) || generate.pending}
            >
              {generate.pending ? (
                <>
                  <LoaderCircle className="h-4 w-4 animate-spin" />
                  Generating...
                </>
              ) : (
                <>
                  <Wand2 className="h-4 w-4" />
                  Generate Image
                </>
              )}
            </Button>
            <p className="flex gap-2 text-xs text-muted-foreground">
              <Info className="h-4 w-4 shrink-0" />
              {generator === 'built-in'
                ? 'Images are drawn by this site’s built-in generator: it composes shapes, colours and moods from the words of your prompt. No outside AI service is involved.'
                : 'Images are generated by the AI service this site is connected to.'}
            </p>
          </PageForm>
        </Card>

        <section aria-label="Preview" aria-busy={generate.pending} className="space-y-4">
          <div
            className={`relative flex w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-border bg-muted/40 ${ASPECT[image?.size ?? size]}`}
          >
            {generate.pending ? (
              <p role="status" className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
                <LoaderCircle className="h-8 w-8 animate-spin text-primary" />
                Generating your image...
              </p>
            ) : image ? (
              <img
                src={image.url}
                alt={`Generated from the prompt: ${image.prompt}`}
                className="h-full w-full object-contain"
              />
            ) : (
              <p className="flex flex-col items-center gap-3 p-6 text-center text-sm text-muted-foreground">
                <ImageIcon className="h-10 w-10" />
                Your image will appear here.
              </p>
            )}
          </div>
          {image && !generate.pending && (
            <div className="flex flex-wrap gap-3">
              <DownloadImage image={image} />
              <UseImageButton image={image} />
            </div>
          )}
        </section>
      </Tabs.Content>

      <Tabs.Content value="examples" className="mt-6 grid gap-6 md:grid-cols-3">
        {EXAMPLE_PROMPTS.map(({ category, prompts }) => (
          <Card key={category} className="p-5">
            <h2 className="text-lg font-semibold">{category}</h2>
            <ul className="mt-3 space-y-2">
              {prompts.map((example) => (
                <li key={example}>
                  <OnlyWithCode>
                    <button type="button" onClick={() => fillFromExample(example)} className={exampleClass}>
                      {example}
                    </button>
                  </OnlyWithCode>
                  <OnlyWithoutCode>
                    <Link
                      to={`?${EXAMPLE_PARAM}=${EXAMPLES.indexOf(example) + 1}#${IMAGE_FORM_ID}`}
                      className={`block ${exampleClass}`}
                    >
                      {example}
                    </Link>
                  </OnlyWithoutCode>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </Tabs.Content>
    </Tabs.Root>
  );
}
