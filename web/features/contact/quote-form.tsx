/**
 * 'Get a Custom Quote': the quote rules of spec section 5 on submit, then on
 * every change; stored through POST /api/contact; then the Thank You panel.
 * Loaded lazily by the contact section (it brings the form library and zod).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type QuoteRequestInput, quoteRequestSchema } from '../../../common/schemas/contact.ts';
import { useDone } from '../../lib/form-post.ts';
import { leadSource } from '../../lib/lead-source.ts';
import { BUDGET_LABELS, PROJECT_TYPE_LABELS, TIMEFRAME_LABELS } from '../../lib/option-labels.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { usePostForm } from '../../lib/use-post-form.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormName, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { PersonFields } from '../../ui/person-fields.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { ThankYou } from '../../ui/thank-you.tsx';
import { failureToast, toast } from '../../ui/use-toast.ts';
import { sendQuote } from './api.ts';

const empty: QuoteRequestInput = {
  name: '',
  email: '',
  phone: '',
  company: '',
  projectType: '' as QuoteRequestInput['projectType'],
  budget: '' as QuoteRequestInput['budget'],
  timeframe: '' as QuoteRequestInput['timeframe'],
  message: '',
  newsletter: false,
};

/** The Thank You panel: after sending here, or on the page a post without the code came back to. */
function QuoteSent({ onAnother }: { onAnother?: () => void }) {
  return (
    <ThankYou
      level="h3"
      text="Your request is on its way. I'll review your project details and get back to you within 24 hours."
    >
      {onAnother ? (
        <Button className="mt-6" variant="outline" onClick={onAnother}>
          Send Another Request
        </Button>
      ) : (
        <Button className="mt-6" variant="outline" asChild>
          <a href="/#contact">Send Another Request</a>
        </Button>
      )}
    </ThankYou>
  );
}

// The stand-in in contact-section.tsx names the same id (importing it would load this chunk early).
const QUOTE_FORM_ID = 'quote-form';

export default function QuoteForm() {
  const [sent, setSent] = useState(false);
  const doneHere = useDone('quote');
  // This chunk hydrates after the page: data-ready tells browser tests the form now responds.
  const ready = useHydrated();
  const { form, answer, field, errorOf, onSubmit } = usePostForm<QuoteRequestInput>({
    id: QUOTE_FORM_ID,
    form: 'quote',
    empty,
    resolver: zodResolver(quoteRequestSchema),
  });

  const send = useMutation({
    mutationFn: (quote: QuoteRequestInput) => sendQuote(quote, leadSource()),
    onSuccess: () => {
      toast({
        title: 'Quote Request Sent',
        description: "I'll review your project details and get back to you within 24 hours.",
      });
      form.reset(empty);
      setSent(true);
    },
    onError: failureToast('Error', 'Failed to send message. Please try again.'),
  });

  if (sent) return <QuoteSent onAnother={() => setSent(false)} />;
  // The page a post made without the form's code came back to.
  if (doneHere && send.isIdle) return <QuoteSent />;

  return (
    <form
      id={QUOTE_FORM_ID}
      method="post"
      action="/?index#contact"
      noValidate
      aria-labelledby="quote-form-title"
      data-ready={ready ? 'true' : undefined}
      className="space-y-4 rounded-lg border border-border bg-card p-6"
      onSubmit={onSubmit((values) => send.mutate(values))}
    >
      <FormName name="quote" />
      <h3 id="quote-form-title" className="text-xl font-semibold">
        Get a Custom Quote
      </h3>
      <FormNotice answer={answer} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields form={{ field, errorOf }} />
        <Field label="Phone (optional)" error={errorOf('phone')}>
          <Input type="tel" autoComplete="tel" {...field('phone')} />
        </Field>
        <Field label="Company (optional)" error={errorOf('company')}>
          <Input autoComplete="organization" {...field('company')} />
        </Field>
        <Field label="Project type" error={errorOf('projectType')}>
          <Select
            options={PROJECT_TYPE_LABELS}
            placeholder="Select a project type"
            {...field('projectType')}
          />
        </Field>
        <Field label="Budget" error={errorOf('budget')}>
          <Select options={BUDGET_LABELS} placeholder="Select a budget range" {...field('budget')} />
        </Field>
        <Field label="Timeframe" error={errorOf('timeframe')}>
          <Select options={TIMEFRAME_LABELS} placeholder="Select a timeframe" {...field('timeframe')} />
        </Field>
      </div>
      <Field label="Project details" error={errorOf('message')}>
        <Textarea rows={5} className="min-h-[120px]" {...field('message')} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-[var(--primary)]" {...field('newsletter')} />
        Send me occasional updates and articles
      </label>
      <Button type="submit" className="w-full" pending={send.isPending} pendingText="Sending...">
        Send Request
      </Button>
    </form>
  );
}
