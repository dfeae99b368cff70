/**
 * The resume request (resume rules of spec section 5). After submitting, the Thank You panel
 * fetches the download address with the access token: 'Download Resume' opens the PDF in a new
 * tab; until the address is there it reads 'Preparing Download' and is disabled, also when
 * fetching it failed (with a retry).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type ResumeRequestInput, resumeRequestSchema } from '../../../common/schemas/resume.ts';
import { RESUME_PURPOSE_LABELS } from '../../lib/option-labels.ts';
import { paths } from '../../lib/paths.ts';
import { usePostForm } from '../../lib/use-post-form.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Download, LoaderCircle } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { PersonFields } from '../../ui/person-fields.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { ThankYou } from '../../ui/thank-you.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { requestResume, resumeUrl } from './api.ts';

const empty: ResumeRequestInput = {
  name: '',
  email: '',
  company: '',
  purpose: '' as ResumeRequestInput['purpose'],
  message: '',
};

function ResumeSent({
  resumeUrl,
  failed,
  onRetry,
}: {
  resumeUrl: string | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <ThankYou
      className="text-card-foreground shadow-sm"
      text="Your request has been received. The resume opens as a PDF in a new tab."
    >
      <div className="mt-6" aria-live="polite">
        {resumeUrl ? (
          <Button asChild size="lg">
            <a href={resumeUrl} target="_blank" rel="noopener">
              <Download className="h-4 w-4" />
              Download Resume
            </a>
          </Button>
        ) : (
          <Button size="lg" disabled>
            <LoaderCircle className={failed ? 'h-4 w-4' : 'h-4 w-4 animate-spin'} />
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
    </ThankYou>
  );
}

/** The download link of a request sent without the page's code, read by the page's loader. */
export type ServedRequest = { resumeUrl: string } | { resumeUrl: null; message: string } | null;

/** The request form, or the Thank You panel once sent; on the static copy, a notice. */
export function ResumeRequest({ served = null }: { served?: ServedRequest }) {
  const staticCopy = useStaticCopy();
  const { form, answer, field, errorOf, onSubmit } = usePostForm<ResumeRequestInput>({
    id: 'resume-form',
    form: 'resume',
    empty,
    resolver: zodResolver(resumeRequestSchema),
  });

  const download = useMutation({
    mutationFn: resumeUrl,
    onSuccess: () => toast({ title: 'Resume download ready' }),
    onError: () =>
      toast({
        title: 'Error',
        description: 'Could not retrieve the resume. Please try again.',
        variant: 'destructive',
      }),
  });

  const request = useMutation({
    mutationFn: requestResume,
    onSuccess: (accessToken) => {
      form.reset(empty);
      download.mutate(accessToken);
    },
    onError: failureToast(
      'Submission failed',
      'There was an error submitting your request. Please try again.',
    ),
  });

  return (
    <>
      {staticCopy ? (
        <StaticNotice feature="Requesting the resume" className="h-fit" />
      ) : request.isSuccess ? (
        <ResumeSent
          resumeUrl={download.data}
          failed={download.isError}
          onRetry={() => download.mutate(request.data)}
        />
      ) : served?.resumeUrl && request.isIdle ? (
        <ResumeSent resumeUrl={served.resumeUrl} failed={false} onRetry={() => {}} />
      ) : (
        <form
          id="resume-form"
          method="post"
          action={paths.resume}
          noValidate
          aria-labelledby="resume-form-title"
          className="space-y-4 rounded-lg border border-border bg-card p-6"
          onSubmit={onSubmit((values) => request.mutate(values))}
        >
          <FormName name="resume" />
          <h2 id="resume-form-title" className="text-xl font-semibold">
            Resume request
          </h2>
          {served && served.resumeUrl === null ? (
            <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
              <p className="font-semibold">Error</p>
              <p className="mt-1">{served.message}</p>
            </div>
          ) : null}
          <FormNotice answer={answer} />
          <div className="grid gap-4 sm:grid-cols-2">
            <PersonFields form={{ field, errorOf }} />
            <Field label="Company (optional)" error={errorOf('company')}>
              <Input autoComplete="organization" {...field('company')} />
            </Field>
            <Field label="Purpose" error={errorOf('purpose')}>
              <Select options={RESUME_PURPOSE_LABELS} placeholder="Select a purpose" {...field('purpose')} />
            </Field>
          </div>
          <Field label="Message (optional)" error={errorOf('message')}>
            <Textarea rows={4} {...field('message')} />
          </Field>
          <Button type="submit" pending={request.isPending} pendingText="Submitting...">
            Request Resume
          </Button>
        </form>
      )}
    </>
  );
}
