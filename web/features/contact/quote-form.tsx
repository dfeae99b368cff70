/**
 * 'Get a Custom Quote': the quote rules of spec section 5 on submit, then on
 * every change; stored through POST /api/contact; then the Thank You panel.
 * Loaded lazily by the contact section (it brings the form library and zod).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type QuoteRequestInput, quoteRequestSchema } from '../../../common/schemas/forms.ts';
import { leadSource } from '../../lib/lead-source.ts';
import { apiRequest, errorMessage } from '../../lib/request.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { CheckCircle2 } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast } from '../../ui/use-toast.ts';
import { QUOTE_PATH } from './api.ts';
import { BUDGET_LABELS, PROJECT_TYPE_LABELS, TIMEFRAME_LABELS } from './options.ts';
import { PersonFields } from './person-fields.tsx';

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

export default function QuoteForm() {
  const [sent, setSent] = useState(false);
  // This chunk hydrates after the page: data-ready tells browser tests the form now responds.
  const ready = useHydrated();
  const thanks = useRef<HTMLHeadingElement>(null);
  const form = useForm<QuoteRequestInput>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: async (quote: QuoteRequestInput) =>
      (await apiRequest('POST', QUOTE_PATH, { ...quote, source: leadSource() })).json(),
    onSuccess: () => {
      toast({
        title: 'Quote Request Sent',
        description: "I'll review your project details and get back to you within 24 hours.",
      });
      form.reset(empty);
      setSent(true);
    },
    onError: (failure) => {
      toast({
        title: 'Error',
        description: errorMessage(failure) || 'Failed to send message. Please try again.',
        variant: 'destructive',
      });
    },
  });

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-border bg-card p-8 text-center">
        <CheckCircle2 className="h-12 w-12 text-primary" />
        <h3 ref={thanks} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
          Thank You!
        </h3>
        <p className="mt-2 text-muted-foreground">
          Your request is on its way. I'll review your project details and get back to you within 24 hours.
        </p>
        <Button className="mt-6" variant="outline" onClick={() => setSent(false)}>
          Send Another Request
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-labelledby="quote-form-title"
      data-ready={ready ? 'true' : undefined}
      className="space-y-4 rounded-lg border border-border bg-card p-6"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
    >
      <h3 id="quote-form-title" className="text-xl font-semibold">
        Get a Custom Quote
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields
          name={form.register('name')}
          email={form.register('email')}
          errors={{ name: errors.name?.message, email: errors.email?.message }}
        />
        <Field label="Phone (optional)" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <Field label="Company (optional)" error={errors.company?.message}>
          <Input autoComplete="organization" {...form.register('company')} />
        </Field>
        <Field label="Project type" error={errors.projectType?.message}>
          <Select
            options={PROJECT_TYPE_LABELS}
            placeholder="Select a project type"
            {...form.register('projectType')}
          />
        </Field>
        <Field label="Budget" error={errors.budget?.message}>
          <Select options={BUDGET_LABELS} placeholder="Select a budget range" {...form.register('budget')} />
        </Field>
        <Field label="Timeframe" error={errors.timeframe?.message}>
          <Select
            options={TIMEFRAME_LABELS}
            placeholder="Select a timeframe"
            {...form.register('timeframe')}
          />
        </Field>
      </div>
      <Field label="Project details" error={errors.message?.message}>
        <Textarea rows={5} className="min-h-[120px]" {...form.register('message')} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-[var(--primary)]" {...form.register('newsletter')} />
        Send me occasional updates and articles
      </label>
      <Button type="submit" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Request'}
      </Button>
    </form>
  );
}
