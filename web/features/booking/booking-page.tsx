/**
 * /book-a-call: the free slots in the visitor's time zone, then name, email and topic. A slot
 * someone else took a moment earlier is answered with the server's message and fresh slots. The
 * confirmation gives the private link to cancel or move the call and the calendar file.
 */
import { useEffect, useId, useState } from 'react';
import { type BookingSlots, CALENDAR_UNCHECKED } from '../../../common/schemas/booking.ts';
import { answerField, PHONE_QUESTION, type PublicCallType } from '../../../common/schemas/call-types.ts';
import { paths } from '../../lib/paths.ts';
import { errorMessage } from '../../lib/request.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { cn } from '../../ui/cn.ts';
import { Field } from '../../ui/field.tsx';
import { FormNotice } from '../../ui/form-notice.tsx';
import { CalendarDays } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { Link } from '../../ui/link.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useStaticCopy } from '../layout/static-copy.ts';
import { StaticNotice } from '../layout/static-notice.tsx';
import {
  BOOK_FORM,
  chosenType,
  clock,
  fullTime,
  type ShownZone,
  shortDay,
  slotsPath,
  TYPE_PARAM,
  useSlots,
  visitorTimeZone,
  zoneSentence,
} from './api.ts';
import { SlotPicker } from './slot-picker.tsx';

const BOOK_FORM_ID = 'book-form';

export function SlotsState({ query }: { query: ReturnType<typeof useSlots> }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading free times" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-lg border border-destructive p-4 text-sm">
        <p>{errorMessage(query.error) ?? 'The free times could not be loaded.'}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}

/**
 * No time is offered while the owner's calendar cannot be checked (issue 65): said before any
 * form is filled, with the way to write instead.
 */
export function CalendarUnchecked() {
  return (
    <Card className="p-6">
      <h2 className="text-xl font-semibold">No time can be booked right now</h2>
      <p className="mt-2 text-muted-foreground">{CALENDAR_UNCHECKED}</p>
      <p className="mt-2 text-muted-foreground">Or send a message and I'll reply within 24 hours.</p>
      <Button asChild className="mt-4">
        <Link to={`${paths.home}#contact`}>Get In Touch</Link>
      </Button>
    </Card>
  );
}

/**
 * The booking form: posted to the page's action (book-a-call.tsx), with the page's code or without
 * it (ADR 018); a booked call's own private page is where a success goes. A time someone else took
 * a moment earlier comes back with the server's message and the free times read again.
 */
export function BookingPage({
  initialSlots = null,
  types = [],
  typeId = null,
}: {
  initialSlots?: BookingSlots | null;
  /** The owner's call types (issue 49); none: one call as the availability sets it. */
  types?: PublicCallType[];
  typeId?: string | null;
}) {
  const staticCopy = useStaticCopy();
  const type = chosenType(types, typeId);
  const questions = type?.questions ?? [];
  // The static copy has no server to ask. The server's list only for the type it was read for.
  const slots = useSlots(
    !staticCopy,
    initialSlots?.callType === (type?.id ?? null) ? initialSlots : null,
    slotsPath(type?.id),
  );
  // The owner's zone until the browser can say the visitor's (the server lists the slots in it).
  const zone = useShownZone(slots.data?.timeZone ?? 'UTC');
  const { timeZone } = zone;
  const book = useRouteForm(BOOK_FORM, {
    // After a refusal, the fields are checked as the action reads them: the type's questions too.
    recheck: () =>
      import('../../../common/schemas/call-types.ts').then((module) =>
        module.bookingFormSchemaFor(questions),
      ),
  });
  const { field, errorOf } = book;
  // The time chosen before the code arrived, or kept from a post the server refused.
  const [start, setStart] = useState<string | null>(() => book.answer?.values.start || null);
  // A time chosen before the code arrived (the browser checked its radio): taken over once the page
  // is live, not in the first render, which must be the server's HTML as it was (a mismatch there
  // throws the page away and the choice with it).
  useEffect(() => {
    const chosen = document.querySelector<HTMLInputElement>(`#${BOOK_FORM_ID} input[name="start"]:checked`);
    if (chosen?.value) setStart(chosen.value);
  }, []);
  // A refusal may be a time just taken: the free times are read again, and the kept time with them.
  const refusal = book.answer;
  const refetch = slots.refetch;
  useEffect(() => {
    if (!refusal) return;
    setStart(refusal.values.start || null);
    void refetch();
  }, [refusal, refetch]);

  if (staticCopy) return <StaticNotice feature="Booking a call" />;
  const chooser = types.length > 1 ? <CallTypeChooser types={types} chosen={type?.id ?? null} /> : null;
  if (!slots.data)
    return (
      <>
        {chooser}
        <SlotsState query={slots} />
      </>
    );
  if (slots.data.calendarUnchecked) {
    return (
      <>
        {chooser}
        <CalendarUnchecked />
      </>
    );
  }
  if (slots.data.slots.length === 0) {
    return (
      <>
        {chooser}
        <Card className="p-6">
          <h2 className="text-xl font-semibold">No free times right now</h2>
          <p className="mt-2 text-muted-foreground">
            Every slot in the coming weeks is taken. Send a message instead and I'll reply within 24 hours.
          </p>
          <Button asChild className="mt-4">
            <Link to={`${paths.home}#contact`}>Get In Touch</Link>
          </Button>
        </Card>
      </>
    );
  }
  return (
    <>
      {chooser}
      <PageForm
        preventScrollReset={false}
        form={book}
        id={BOOK_FORM_ID}
        action={paths.bookACall}
        aria-labelledby="book-form-title"
        className="space-y-6 rounded-lg border border-border bg-card p-4 sm:p-6"
      >
        <input type="hidden" name="type" value={type?.id ?? ''} />
        {/* The visitor's zone for their emails, only once it is known to be theirs. */}
        <input type="hidden" name="timeZone" value={zone.visitors ? timeZone : ''} />
        <div>
          <h2 id="book-form-title" className="text-xl font-semibold">
            Choose a time
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {type
              ? `${type.name}: ${type.callMinutes} minutes. ${type.placeLabel}.`
              : `${slots.data.callMinutes}-minute video or phone call.`}
          </p>
          {type?.description && types.length === 1 ? (
            <p className="mt-1 text-sm text-muted-foreground">{type.description}</p>
          ) : null}
          <ZoneLine zone={zone} />
        </div>
        <SlotPicker slots={slots.data.slots} timeZone={timeZone} value={start} onChange={setStart} />
        <FormNotice answer={book.answer} />
        <NextFreeTimes
          taken={refusal?.values.start}
          slots={slots.data.slots}
          timeZone={timeZone}
          onChoose={setStart}
        />
        {errorOf('start') ? (
          <p
            role="alert"
            className="rounded-md border border-destructive bg-destructive/5 p-3 text-sm font-medium"
          >
            {errorOf('start')}
          </p>
        ) : null}
        {start && slots.data.slots.includes(start) && (
          <p className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
            <CalendarDays className="h-4 w-4 text-primary" />
            {fullTime(start, timeZone)}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errorOf('name')}>
            <Input autoComplete="name" {...field('name')} />
          </Field>
          <Field label="Email" error={errorOf('email')}>
            <Input type="email" autoComplete="email" {...field('email')} />
          </Field>
        </div>
        <Field label="What would you like to talk about?" error={errorOf('topic')}>
          <Textarea rows={3} {...field('topic')} />
        </Field>
        {questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            kept={field(answerField(question.id))}
            error={errorOf(answerField(question.id))}
          />
        ))}
        <Button type="submit" pending={book.pending} pendingText="Booking...">
          Book the call
        </Button>
      </PageForm>
    </>
  );
}

/**
 * The call types as plain links (`?type=`): the choice works without the page's code, and the
 * chosen one is marked as the current page.
 */
function CallTypeChooser({ types, chosen }: { types: PublicCallType[]; chosen: string | null }) {
  return (
    <nav aria-label="Call types" className="mb-6">
      <h2 className="text-xl font-semibold">What kind of call?</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {types.map((type) => {
          const current = type.id === chosen;
          return (
            <li key={type.id}>
              <Link
                to={`?${TYPE_PARAM}=${encodeURIComponent(type.id)}`}
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'block h-full rounded-lg border bg-card p-4 text-sm transition-colors hover:border-primary',
                  current ? 'border-primary ring-2 ring-primary' : 'border-border',
                )}
              >
                <span className="block text-base font-semibold">{type.name}</span>
                <span className="mt-1 block text-muted-foreground">
                  {`${type.callMinutes} minutes · ${type.placeLabel}`}
                </span>
                {type.description ? <span className="mt-2 block">{type.description}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** One of the type's questions: a line, a box, or its choices as radio buttons; '(optional)' when it may be left. */
function QuestionField({
  question,
  kept,
  error,
}: {
  question: PublicCallType['questions'][number];
  kept: ReturnType<ReturnType<typeof useRouteForm>['field']>;
  error: string | undefined;
}) {
  const label = question.required ? question.label : `${question.label} (optional)`;
  const value = 'defaultValue' in kept ? kept.defaultValue : '';
  const messageId = useId();
  if (question.kind === 'choice') {
    return (
      <fieldset aria-describedby={error ? messageId : undefined} aria-invalid={error ? true : undefined}>
        <legend className="text-sm font-medium">{label}</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {question.choices.map((choice) => (
            <label key={choice} className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="radio"
                name={kept.name}
                value={choice}
                defaultChecked={value === choice}
                className="h-4 w-4 accent-[var(--primary)]"
              />
              {choice}
            </label>
          ))}
        </div>
        {error ? (
          <p id={messageId} className="mt-1.5 text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }
  return (
    <Field label={label} error={error}>
      {question.kind === 'long' ? (
        <Textarea rows={3} name={kept.name} defaultValue={value} />
      ) : question.id === PHONE_QUESTION.id ? (
        <Input type="tel" autoComplete="tel" name={kept.name} defaultValue={value} />
      ) : (
        <Input name={kept.name} defaultValue={value} />
      )}
    </Field>
  );
}

/**
 * After a time someone else took a moment earlier (issue 49, point 5): the next free times after
 * it, to press at once with the page's code, or to find in the list above without it.
 */
function NextFreeTimes({
  taken,
  slots,
  timeZone,
  onChoose,
}: {
  taken: string | undefined;
  slots: string[];
  timeZone: string;
  onChoose: (start: string) => void;
}) {
  const hydrated = useHydrated();
  if (!taken || slots.includes(taken)) return null;
  const next = slots.filter((slot) => slot > taken).slice(0, 3);
  if (next.length === 0) return null;
  return (
    <div className="text-sm">
      <p className="font-medium">The next free times:</p>
      <ul aria-label="The next free times" className="mt-2 flex flex-wrap gap-2">
        {next.map((slot) => (
          <li key={slot}>
            {hydrated ? (
              <Button type="button" variant="outline" size="sm" onClick={() => onChoose(slot)}>
                {`${shortDay(slot, timeZone)}, ${clock(slot, timeZone)}`}
              </Button>
            ) : (
              <span className="inline-block rounded-md border border-border px-3 py-1.5">
                {`${shortDay(slot, timeZone)}, ${clock(slot, timeZone)}`}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the times are in. Two lines are kept for it on a phone: the owner's zone said by name in
 * the HTML and the visitor's once live differ in length, and a tap must not land where the
 * times were a moment before.
 */
export function ZoneLine({ zone }: { zone: ShownZone }) {
  return <p className="mt-1 min-h-10 text-sm text-muted-foreground sm:min-h-5">{zoneSentence(zone)}</p>;
}

/** The visitor's zone, known only in the browser: the owner's (said as such) until hydrated (no mismatch). */
export function useShownZone(ownerZone: string): ShownZone {
  const [visitorZone, setTimeZone] = useState<string | null>(null);
  useEffect(() => setTimeZone(visitorTimeZone()), []);
  return visitorZone ? { timeZone: visitorZone, visitors: true } : { timeZone: ownerZone, visitors: false };
}
