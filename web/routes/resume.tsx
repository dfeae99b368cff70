/**
 * /resume: why the resume is requested rather than linked, and the request
 * form (resume rules of spec section 5). After submitting, the Thank You panel
 * fetches the download address with the access token: 'Download Resume' opens
 * the PDF in a new tab; until the address is there it reads 'Preparing
 * Download' and is disabled, also when fetching it failed (with a retry).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Download, FileText, LoaderCircle, MapPin, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ResumeRequestInput, resumeRequestSchema } from '../../common/schemas/forms.ts';
import { RESUME_PURPOSE_LABELS } from '../features/contact/options.ts';
import { useStaticCopy } from '../features/layout/static-copy.ts';
import { StaticNotice } from '../features/layout/static-notice.tsx';
import { RESUME_REQUEST_PATH, resumeDownloadPath } from '../features/resume/api.ts';
import { paths } from '../lib/paths.ts';
import { apiRequest, errorMessage } from '../lib/request.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Select } from '../ui/select.tsx';
import { Textarea } from '../ui/textarea.tsx';
import { toast } from '../ui/use-toast.ts';
import type { Route } from './+types/resume';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = rootDataOf(matches);
  return pageMeta({
    site,
    title: 'Request My Resume',
    description: `Request the resume of ${site.ownerName}, ${site.ownerTitle} in ${site.location}.`,
    path: paths.resume,
  });
};

const empty: ResumeRequestInput = {
  name: '',
  email: '',
  company: '',
  purpose: '' as ResumeRequestInput['purpose'],
  message: '',
};

function Explanation() {
  const points = [
    {
      icon: MapPin,
      title: 'Why I ask before sending it',
      text: 'Requests are collected to track where the resume goes, so I know who is reading it and can follow up properly.',
    },
    {
      icon: ShieldCheck,
      title: 'Your information stays here',
      text: 'Your information is never shared with third parties. It is used only to keep track of this request.',
    },
    {
      icon: FileText,
      title: 'What you get',
      text: 'The current resume as a PDF, ready to download as soon as you send the form.',
    },
  ];
  return (
    <Card className="h-fit p-6">
      <h2 className="text-xl font-semibold">How resume requests work</h2>
      <ul className="mt-5 space-y-5">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
            <div>
              <h3 className="font-medium">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ThankYou({
  resumeUrl,
  failed,
  onRetry,
}: {
  resumeUrl: string | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="flex flex-col items-center p-8 text-center">
      <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-primary" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
        Thank You!
      </h2>
      <p className="mt-2 text-muted-foreground">
        Your request has been received. The resume opens as a PDF in a new tab.
      </p>
      <div className="mt-6" aria-live="polite">
        {resumeUrl ? (
          <Button asChild size="lg">
            <a href={resumeUrl} target="_blank" rel="noopener">
              <Download aria-hidden="true" className="h-4 w-4" />
              Download Resume
            </a>
          </Button>
        ) : (
          <Button size="lg" disabled>
            <LoaderCircle aria-hidden="true" className={failed ? 'h-4 w-4' : 'h-4 w-4 animate-spin'} />
            Preparing Download
          </Button>
        )}
      </div>
      {failed && !resumeUrl && (
        <Button variant="link" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      )}
      <Link to={paths.home} className="mt-6 text-sm text-primary hover:underline">
        Back to Home
      </Link>
    </Card>
  );
}

export default function ResumePage() {
  const staticCopy = useStaticCopy();
  const form = useForm<ResumeRequestInput>({
    resolver: zodResolver(resumeRequestSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const download = useMutation({
    mutationFn: async (accessToken: string) => {
      const response = await apiRequest('GET', resumeDownloadPath(accessToken));
      return ((await response.json()) as { resumeUrl: string }).resumeUrl;
    },
    onSuccess: () => toast({ title: 'Resume download ready' }),
    onError: () =>
      toast({
        title: 'Error',
        description: 'Could not retrieve the resume. Please try again.',
        variant: 'destructive',
      }),
  });

  const request = useMutation({
    mutationFn: async (values: ResumeRequestInput) =>
      ((await (await apiRequest('POST', RESUME_REQUEST_PATH, values)).json()) as { accessToken: string })
        .accessToken,
    onSuccess: (accessToken) => {
      form.reset(empty);
      download.mutate(accessToken);
    },
    onError: (failure) =>
      toast({
        title: 'Submission failed',
        description: errorMessage(failure) || 'There was an error submitting your request. Please try again.',
        variant: 'destructive',
      }),
  });

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <PageHeader title="Request My Resume">
        Tell me a little about yourself and the resume is yours to download straight away.
      </PageHeader>
      <div className="grid gap-8 md:grid-cols-[2fr_3fr]">
        <Explanation />
        {staticCopy ? (
          <StaticNotice feature="Requesting the resume" className="h-fit" />
        ) : request.isSuccess ? (
          <ThankYou
            resumeUrl={download.data}
            failed={download.isError}
            onRetry={() => download.mutate(request.data)}
          />
        ) : (
          <form
            noValidate
            aria-labelledby="resume-form-title"
            className="space-y-4 rounded-lg border border-border bg-card p-6"
            onSubmit={form.handleSubmit((values) => request.mutate(values))}
          >
            <h2 id="resume-form-title" className="text-xl font-semibold">
              Resume request
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Name" error={errors.name?.message}>
                <Input autoComplete="name" {...form.register('name')} />
              </Field>
              <Field label="Email" error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...form.register('email')} />
              </Field>
              <Field label="Company (optional)" error={errors.company?.message}>
                <Input autoComplete="organization" {...form.register('company')} />
              </Field>
              <Field label="Purpose" error={errors.purpose?.message}>
                <Select
                  options={RESUME_PURPOSE_LABELS}
                  placeholder="Select a purpose"
                  {...form.register('purpose')}
                />
              </Field>
            </div>
            <Field label="Message (optional)" error={errors.message?.message}>
              <Textarea rows={4} {...form.register('message')} />
            </Field>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Submitting...' : 'Request Resume'}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
