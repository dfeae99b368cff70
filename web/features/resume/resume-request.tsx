/**
 * The resume request (resume rules of spec section 5). After submitting, the Thank You panel
 * fetches the download address with the access token: 'Download Resume' opens the PDF in a new
 * tab; until the address is there it reads 'Preparing Download' and is disabled, also when
 * fetching it failed (with a retry).
 */
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { RESUME_PURPOSE_LABELS } from '../../lib/option-labels.ts';
import { paths } from '../../lib/paths.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Download, LoaderCircle } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { CardForm } from '../../ui/page-form.tsx';
import { PersonFields } from '../../ui/person-fields.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { ThankYou } from '../../ui/thank-you.tsx';
import { toast } from '../../ui/use-toast.ts';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import { RESUME_FORM } from './api.ts';

const recheck = () =>
  import('../../../common/schemas/resume.ts').then((module) => module.resumeRequestSchema);

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

/**
 * The download link of a sent request, read by the page's loader from the request's own address
 * (`/resume?request=...`, where a sent request comes back); null elsewhere.
 */
export type ServedRequest = { resumeUrl: string } | { resumeUrl: null; message: string } | null;

/** The request form, or the Thank You panel once sent; on the static copy, a notice. */
export function ResumeRequest({ served = null }: { served?: ServedRequest }) {
  const staticCopy = useStaticCopy();
  const revalidator = useRevalidator();
  const [sent, setSent] = useState(false);
  const resume = useRouteForm(RESUME_FORM, { recheck, onDone: () => setSent(true) });
  const { field, errorOf } = resume;
  // Sent from the page: the spec's toast once the download address is read (or could not be).
  useEffect(() => {
    if (!sent || !served || revalidator.state !== 'idle') return;
    setSent(false);
    if (served.resumeUrl) toast({ title: 'Resume download ready' });
    else if ('message' in served)
      toast({ title: 'Error', description: served.message, variant: 'destructive' });
  }, [sent, served, revalidator.state]);

  if (staticCopy) return <StaticNotice feature="Requesting the resume" className="h-fit" />;
  if (served) {
    return (
      <ResumeSent
        resumeUrl={served.resumeUrl ?? undefined}
        failed={!served.resumeUrl && revalidator.state === 'idle'}
        onRetry={() => {
          setSent(true);
          void revalidator.revalidate();
        }}
      />
    );
  }
  return (
    <CardForm
      preventScrollReset={false}
      form={resume}
      action={paths.resume}
      heading="Resume request"
      headingId="resume-form-title"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields form={resume} />
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
      <Button type="submit" pending={resume.pending} pendingText="Submitting...">
        Request Resume
      </Button>
    </CardForm>
  );
}
