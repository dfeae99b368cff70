/**
 * 'Get a Custom Quote': posted to the home page's action (quote-form.server.ts), which checks the
 * quote rules of spec section 5 and stores it through POST /api/contact with where the visit came
 * from; then the Thank You panel. The same form with the page's code or without it (ADR 018): the
 * code adds the pending state, the toasts and the rules checked again on every change.
 */
import { island } from '../../islands/island.tsx';
import { BUDGET_LABELS, PROJECT_TYPE_LABELS, TIMEFRAME_LABELS } from '../../lib/option-labels.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { CardForm } from '../../ui/page-form.tsx';
import { PersonFields } from '../../ui/person-fields.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { ThankYou } from '../../ui/thank-you.tsx';
import { QUOTE_FORM } from './api.ts';

const recheck = () =>
  import('../../../common/schemas/contact.ts').then((module) => module.quoteRequestSchema);

/** The Thank You panel, on the page a sent request came back to. */
function QuoteSent({ id }: { id: string }) {
  return (
    <ThankYou
      id={id}
      level="h3"
      text="Your request is on its way. I'll review your project details and get back to you within 24 hours."
    >
      <Button className="mt-6" variant="outline" asChild>
        <a href="/#contact">Send Another Request</a>
      </Button>
    </ThankYou>
  );
}

function QuoteFormContent() {
  const quote = useRouteForm(QUOTE_FORM, {
    empty: { newsletter: false },
    done: {
      title: 'Quote Request Sent',
      description: "I'll review your project details and get back to you within 24 hours.",
    },
    recheck,
    keepTyped: 'quote',
  });
  const { field, errorOf } = quote;
  if (quote.done && !quote.answer) return <QuoteSent id={quote.doneId} />;

  return (
    <CardForm
      form={quote}
      id="quote-form"
      // Posted by the browser (no scripts yet, or none), a refusal comes back with the form in view.
      action="/?index#quote-form"
      heading="Get a Custom Quote"
      headingId="quote-form-title"
      level={3}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields form={quote} />
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
      <Button type="submit" className="w-full" pending={quote.pending} pendingText="Sending...">
        Send Request
      </Button>
    </CardForm>
  );
}

/** 'Get a Custom Quote' is an island (ADR 023): the section around it is the page's HTML. */
export const QuoteForm = island('quote-form', QuoteFormContent, { start: 'touch' });
export { QuoteFormContent };
