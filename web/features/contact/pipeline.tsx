/**
 * The quote pipeline: every open quote request on a board by stage (New, Replied, Proposal sent,
 * Won, Lost; columns on wide screens, one list per stage on a phone), how fast requests get their
 * first reply against the site's promise of 24 hours, and each month's wins, losses, win rate and
 * won value. A card moves with its Stage select; 'Reply and mark replied' opens the reply email
 * (as the inbox's link does) and records the reply; each request keeps a value and dated notes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_QUOTE_VALUE_USD, QUOTE_STAGE_LABELS, type QuoteStage } from '../../../common/constants.ts';
import { describeSource, firstTouchDiffers } from '../../../common/lead-source.ts';
import type { AdminQuote, Pipeline } from '../../../common/schemas/contact.ts';
import { dashboardPaths } from '../../lib/admin-paths.ts';
import { dateAndTime } from '../../lib/dates.ts';
import { useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { BUDGET_LABELS, PROJECT_TYPE_LABELS } from '../../lib/option-labels.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useTimeZone } from '../../lib/site.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { DoneNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { toast as toastDone } from '../../ui/use-toast.ts';
import { When } from '../../ui/when.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { replyHref } from './inbox.tsx';
import { PIPELINE_FORMS, usePipeline, useQuoteHistory } from './owner-api.ts';
import { dollars, label } from './pipeline-format.ts';
import { FirstReply, LeadSources, Months } from './pipeline-reports.tsx';
import { FieldProblem, RequestForm } from './request-form.tsx';

/** The page's answer to one of a request's forms posted without the code, when it is this request's. */
function useQuoteAnswer(form: string, quoteId: number) {
  const answer = useFormAnswer(form);
  return answer?.values.quoteId === String(quoteId) ? answer : undefined;
}

/** One of a request's forms: its answers are this request's, and a success reads the board again. */
function useQuoteForm(
  form: string,
  quote: AdminQuote,
  done: (answerValues: FormData | null) => { title: string; description?: string },
) {
  const refresh = useRefreshAdmin();
  const state = useRouteForm(form, {
    key: `${form}-${quote.id}`,
    match: (answer) => answer.values.quoteId === String(quote.id),
    onDone: (sent) => {
      toastDone(done(sent));
      void refresh();
    },
  });
  return state;
}

/** What a post without the code came back to say. */
function DoneNotices() {
  const moved = useDone(PIPELINE_FORMS.stage);
  const valued = useDone(PIPELINE_FORMS.value);
  const noted = useDone(PIPELINE_FORMS.note);
  if (moved) return <DoneNotice title="Moved" text="The request is in its new stage." />;
  if (valued) return <DoneNotice title="Value saved" />;
  if (noted) return <DoneNotice title="Note added" />;
  return null;
}

export function PipelineBoard() {
  const { data: pipeline, error, isLoading } = usePipeline();
  if (!pipeline) {
    const failed = 'Could not load the pipeline. Please try again later.';
    return <LoadState pending={isLoading} error={error} loading="Loading the pipeline" failed={failed} />;
  }
  return (
    <div className="space-y-6">
      <DoneNotices />
      <FirstReply reply={pipeline.firstReply} />
      <section aria-labelledby="pipeline-board">
        <h2 id="pipeline-board" className="text-xl font-bold">
          Quote requests by stage
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Open requests (archived ones leave the board), newest first in each stage.
        </p>
        <div className="mt-4 grid gap-4 lg:grid-cols-5">
          {pipeline.columns.map((column) => (
            <StageColumn key={column.stage} column={column} />
          ))}
        </div>
      </section>
      <LeadSources sources={pipeline.sources} pages={pipeline.pages} />
      <Months months={pipeline.months} />
    </div>
  );
}

function StageColumn({ column }: { column: Pipeline['columns'][number] }) {
  const id = useId();
  const name = QUOTE_STAGE_LABELS[column.stage];
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-muted/40 p-3">
      <h3 id={id} className="flex items-baseline justify-between gap-2 font-semibold">
        <span>
          {name} <span className="text-sm font-normal text-muted-foreground">({column.count})</span>
        </span>
        {column.valueUsd > 0 && (
          <span className="text-sm font-normal tabular-nums text-muted-foreground">
            {dollars.format(column.valueUsd)}
          </span>
        )}
      </h3>
      {column.quotes.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">None.</p>
      ) : (
        <ul aria-label={name} className="mt-3 space-y-3">
          {column.quotes.map((quote) => (
            <li key={quote.id}>
              <QuoteCard quote={quote} />
            </li>
          ))}
        </ul>
      )}
      {column.count > column.quotes.length && (
        <p className="mt-3 text-xs text-muted-foreground">
          And {column.count - column.quotes.length} older; the inbox lists them all.
        </p>
      )}
    </section>
  );
}

function QuoteCard({ quote }: { quote: AdminQuote }) {
  const move = useQuoteForm(PIPELINE_FORMS.stage, quote, (sent) => {
    const stage = (sent?.get('stage') ?? quote.stage) as QuoteStage;
    return { title: `Moved to ${QUOTE_STAGE_LABELS[stage]}`, description: quote.name };
  });
  const pageAction = usePageAction();
  const stageId = useId();
  const hydrated = useHydrated();
  return (
    <article
      aria-label={`${quote.origin === 'call' ? 'Booked call' : 'Quote request'} from ${quote.name}`}
      className="rounded-md border border-border bg-card p-3 text-sm"
    >
      <p className="font-semibold">{quote.name}</p>
      {quote.origin === 'call' ? (
        // A lead a booked call started (issue 49): no project, budget or timeframe was asked.
        <p className="text-muted-foreground">Booked call</p>
      ) : (
        <p className="text-muted-foreground">
          {label(PROJECT_TYPE_LABELS, quote.projectType)} · {label(BUDGET_LABELS, quote.budget)}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {quote.origin === 'call' ? 'Booked' : 'Received'} <When iso={quote.createdAt} />
      </p>
      {quote.firstReplyAt && (
        <p className="text-xs text-muted-foreground">
          First reply <When iso={quote.firstReplyAt} />
        </p>
      )}
      {quote.leadSource && (
        // A landing page with its campaign is one long word: it breaks anywhere rather than widen the column.
        <p className="text-xs text-muted-foreground wrap-anywhere">
          Came from {describeSource(quote.leadSource)}
        </p>
      )}
      {quote.firstTouch && firstTouchDiffers(quote) && (
        <p className="text-xs text-muted-foreground wrap-anywhere">
          First came <When iso={quote.firstTouch.startedAt ?? quote.createdAt} /> from{' '}
          {describeSource(quote.firstTouch)}
        </p>
      )}
      {quote.valueUsd !== null && (
        <p className="mt-1 font-medium tabular-nums">{dollars.format(quote.valueUsd)}</p>
      )}
      <div className="mt-3 space-y-2">
        {quote.stage === 'new' && (
          <Button asChild size="sm" className="h-auto w-full whitespace-normal! py-1.5 text-center">
            <a
              href={replyHref({ ...quote, kind: 'quote', emailStatus: 'unknown' })}
              // The email opens; the request moves to Replied through the stage form's own action.
              onClick={() =>
                void move.submit(
                  { _form: PIPELINE_FORMS.stage, quoteId: String(quote.id), stage: 'replied' },
                  { method: 'post', action: pageAction, preventScrollReset: true },
                )
              }
            >
              Reply and mark replied
            </a>
          </Button>
        )}
        {quote.stage === 'won' && (
          <Button asChild size="sm" variant="outline" className="h-auto w-full whitespace-normal! py-1.5">
            <Link to={`${dashboardPaths.testimonials}?quote=${quote.id}`}>Ask for a testimonial</Link>
          </Button>
        )}
        <RequestForm
          quote={quote}
          state={move}
          form={PIPELINE_FORMS.stage}
          label="Stage"
          fieldId={stageId}
          className="flex flex-col gap-1"
        >
          <Select
            id={stageId}
            name="stage"
            key={quote.stage}
            defaultValue={quote.stage}
            options={QUOTE_STAGE_LABELS}
            disabled={move.pending}
            aria-label={`Stage of the request from ${quote.name}`}
            // Once live, choosing a stage sends it; before, the Move button does.
            onChange={(event) => void move.submit(event.currentTarget.form)}
            className="h-9"
          />
          {hydrated ? null : (
            <Button type="submit" size="sm" variant="outline">
              Move
            </Button>
          )}
        </RequestForm>
        <QuoteDetails quote={quote} />
      </div>
    </article>
  );
}

/** Value, history and notes, opened on demand (the history is read when opened). */
function QuoteDetails({ quote }: { quote: AdminQuote }) {
  const valueAnswer = useQuoteAnswer(PIPELINE_FORMS.value, quote.id);
  const noteAnswer = useQuoteAnswer(PIPELINE_FORMS.note, quote.id);
  const refused = valueAnswer !== undefined || noteAnswer !== undefined;
  const [open, setOpen] = useState(refused);
  const details = useRef<HTMLDetailsElement>(null);
  const hydrated = useHydrated();
  // Opened (and perhaps typed in) before the code arrived: it stays open with what it holds.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <details
      ref={details}
      open={refused || undefined}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-md border border-border"
    >
      <summary className="cursor-pointer px-3 py-2 text-xs font-medium">Value, notes and history</summary>
      {/* The server's page holds each request's forms (the browser opens the row without code);
          once live, a row's forms and history are made when it is opened. */}
      {(open || !hydrated) && (
        <div className="space-y-3 border-t border-border p-3">
          <ValueForm quote={quote} />
          <History quote={quote} load={open} />
        </div>
      )}
    </details>
  );
}

const VALUE_FORM = { form: PIPELINE_FORMS.value, name: 'Value of', label: 'Value (US dollars)' };
const NOTE_FORM = { form: PIPELINE_FORMS.note, name: 'Note on', label: 'Note' };

function ValueForm({ quote }: { quote: AdminQuote }) {
  const id = useId();
  const save = useQuoteForm(PIPELINE_FORMS.value, quote, (sent) => {
    const typed = String(sent?.get('value') ?? '').trim();
    return typed === ''
      ? { title: 'Value cleared', description: quote.name }
      : {
          title: 'Value saved',
          description: `${quote.name}: ${dollars.format(Number(typed.replace(/[$,\s]/g, '')))}`,
        };
  });
  const problem = save.errorOf('value') ?? (save.answer?.message || undefined);
  return (
    <RequestForm {...VALUE_FORM} state={save} quote={quote} fieldId={id}>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          name="value"
          inputMode="numeric"
          defaultValue={save.answer?.values.value ?? (quote.valueUsd === null ? '' : String(quote.valueUsd))}
          placeholder="e.g. 4500"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          max={MAX_QUOTE_VALUE_USD}
          className="h-9 min-w-24 flex-1"
        />
        <Button type="submit" size="sm" variant="outline" pending={save.pending} pendingText="Saving...">
          Save
        </Button>
      </div>
      <FieldProblem fieldId={id} problem={problem} />
    </RequestForm>
  );
}

function History({ quote, load }: { quote: AdminQuote; load: boolean }) {
  const timeZone = useTimeZone();
  // Read when the row is opened, never for every row of the server's page as it comes alive.
  const history = useQuoteHistory(quote.id, load);
  const id = useId();
  const add = useQuoteForm(PIPELINE_FORMS.note, quote, () => ({
    title: 'Note added',
    description: quote.name,
  }));
  const problem = add.errorOf('note') ?? (add.answer?.message || undefined);
  return (
    <div className="space-y-2">
      {/* The server's page has no history to show: it is read when the row is opened. */}
      {!load ? null : history.isLoading ? (
        <Spinner label="Loading the history" />
      ) : (
        <>
          <p className="text-xs font-medium">History</p>
          <ol aria-label={`History of the request from ${quote.name}`} className="space-y-1 text-xs">
            <li className="text-muted-foreground">Received {dateAndTime(quote.createdAt, timeZone)}</li>
            {(history.data ?? []).map((event) => (
              <li key={event.id}>
                <span className="text-muted-foreground">{dateAndTime(event.createdAt, timeZone)}: </span>
                {event.stage ? (
                  `Moved to ${QUOTE_STAGE_LABELS[event.stage]}`
                ) : (
                  <span className="whitespace-pre-line break-words">{event.note}</span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      <RequestForm {...NOTE_FORM} state={add} quote={quote} fieldId={id}>
        <Textarea
          id={id}
          name="note"
          rows={2}
          defaultValue={add.answer?.values.note ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <FieldProblem fieldId={id} problem={problem} />
        <Button type="submit" size="sm" variant="outline" pending={add.pending} pendingText="Adding...">
          Add note
        </Button>
      </RequestForm>
    </div>
  );
}
