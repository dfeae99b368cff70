/**
 * The owner's call types on the Calls page (issue 49, points 2 and 3): each type's name, length,
 * description, where, buffers, notice, days ahead, daily limit and questions, edited in its own
 * form (never over a version saved since it was opened); one added; one removed. Every form posts
 * to the page with or without its code (ADR 018).
 * Without any type, visitors book one call as Availability sets it.
 */
import { type BookingSettings, writeSpecialHours } from '../../../common/schemas/booking.ts';
import {
  CALL_PLACE_LABELS,
  type CallType,
  DAILY_LIMIT,
  MAX_QUESTIONS,
  type OwnerCallType,
  QUESTION_KIND_LABELS,
  questionFields,
} from '../../../common/schemas/call-types.ts';
import { BasedOn, savedOverSince, useEditBase } from '../../lib/edit-version.tsx';
import { useDone, useFormAnswer, usePageAction } from '../../lib/form-post.ts';
import { useRouteForm } from '../../lib/route-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { DoneNotice, FormNotice } from '../../ui/form-notice.tsx';
import { Input } from '../../ui/input.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { PageForm } from '../../ui/page-form.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useRefreshAdmin } from '../admin/admin-list.tsx';
import { Panel } from '../admin/panel.tsx';
import { RemoveButton, RowForm } from '../admin/row-list.tsx';
import { BOOKING_SLOTS_PATH, CALL_TYPE_FORMS, useBookingSettings, useCallTypes } from './api.ts';
import { CALL_LENGTH_LABELS, TIMING_FIELDS } from './availability-form.tsx';

const SAVED = { title: 'Call type saved', description: 'Visitors see it at once.' };
const ADDED = { title: 'Call type added', description: 'Visitors can choose it now.' };
const REMOVED = { title: 'Call type removed', description: 'Calls already booked keep it.' };

/**
 * A form's page side: the toast, and the types and slots read again; a type saved elsewhere since
 * its form was opened is read again too, so that the next press saves over that version (`saved`:
 * the form's version moves on).
 */
function useCallTypeForm(
  name: string,
  done: { title: string; description: string },
  id?: string,
  saved?: () => void,
) {
  const refresh = useRefreshAdmin();
  return useRouteForm(name, {
    ...(id === undefined ? {} : { key: `${name}:${id}`, match: (answer) => answer.values.id === id }),
    done,
    onDone: () => {
      saved?.();
      void refresh(BOOKING_SLOTS_PATH);
    },
    onAnswer: (answer) => {
      if (!savedOverSince(answer)) return;
      saved?.();
      void refresh();
    },
  });
}

/** What a new type starts from: the availability's call, no questions. */
const newType = (settings: BookingSettings): CallType => ({
  id: '',
  name: '',
  callMinutes: settings.callMinutes,
  description: '',
  place: 'video',
  placeDetail: '',
  bufferBeforeMinutes: settings.bufferBeforeMinutes,
  bufferAfterMinutes: settings.bufferAfterMinutes,
  noticeHours: settings.noticeHours,
  horizonDays: settings.horizonDays,
  dailyLimit: null,
  daysOff: [],
  specialHours: [],
  questions: [],
});

const NUMBERS = [
  ...TIMING_FIELDS,
  {
    key: 'dailyLimit',
    label: 'Daily limit (optional)',
    hint: 'At most this many of these calls a day.',
    ...DAILY_LIMIT,
  },
] as const;

/**
 * One type's form: to add one (`type.id` empty) or to save one. A refused post shows what was
 * typed; the questions are rows, the stored ones and one blank to add another.
 */
function CallTypeForm({ type }: { type: CallType | OwnerCallType }) {
  const adding = type.id === '';
  const base = useEditBase('updatedAt' in type ? type.updatedAt : null);
  const form = useCallTypeForm(
    adding ? CALL_TYPE_FORMS.add : CALL_TYPE_FORMS.save,
    adding ? ADDED : SAVED,
    adding ? undefined : type.id,
    base.moveOn,
  );
  const kept = form.answer?.values;
  const value = (name: string, stored: string | number | null) => kept?.[name] ?? String(stored ?? '');
  const rows = Math.min(MAX_QUESTIONS, type.questions.length + 1);
  const label = adding ? 'Add a call type' : `Call type ${type.name}`;
  return (
    <PageForm form={form} aria-label={label} className="mt-3 space-y-4">
      {adding ? null : <input type="hidden" name="id" value={type.id} />}
      <BasedOn version={base.version} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={form.errorOf('name') ?? form.errorOf('id')}>
          <Input name="name" defaultValue={value('name', type.name)} placeholder="Intro call" />
        </Field>
        <Field label="Call length" error={form.errorOf('callMinutes')}>
          <Select
            name="callMinutes"
            options={CALL_LENGTH_LABELS}
            defaultValue={value('callMinutes', type.callMinutes)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field label="Description (optional)" error={form.errorOf('description')}>
            <Textarea rows={2} name="description" defaultValue={value('description', type.description)} />
          </Field>
        </div>
        <Field label="Where" error={form.errorOf('place')}>
          <Select name="place" options={CALL_PLACE_LABELS} defaultValue={value('place', type.place)} />
        </Field>
        <Field
          label="Video link or the shop's address"
          hint="A video link starts with https://; a phone call needs none (visitors give their number)."
          error={form.errorOf('placeDetail')}
        >
          <Input name="placeDetail" defaultValue={value('placeDetail', type.placeDetail)} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {NUMBERS.map(({ key, label: numberLabel, hint, min, max }) => (
          <Field key={key} label={numberLabel} hint={hint} error={form.errorOf(key)}>
            <Input
              name={key}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              defaultValue={value(key, type[key])}
            />
          </Field>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Days off for this type (optional)"
          hint="Dates such as 2026-12-24, 2026-12-31. Blocked dates in Availability count for every type."
          error={form.errorOf('daysOff')}
        >
          <Input name="daysOff" defaultValue={value('daysOff', type.daysOff.join(', '))} />
        </Field>
        <Field
          label="Special hours for this type (optional)"
          hint="Such as 2026-12-26 10:00-12:00, comma-separated: that date's hours for this type."
          error={form.errorOf('specialHours')}
        >
          <Input
            name="specialHours"
            defaultValue={value('specialHours', writeSpecialHours(type.specialHours))}
          />
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Questions</legend>
        <p className="text-sm text-muted-foreground">
          Asked on the booking form after the topic. Leave a question's text empty to remove it.
        </p>
        {form.errorOf('questions') ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {form.errorOf('questions')}
          </p>
        ) : null}
        {Array.from({ length: rows }, (_, row) => {
          const question = type.questions[row];
          const names = questionFields(row);
          const number = row + 1;
          return (
            <fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list
              key={row}
              aria-label={question ? `Question ${number}` : 'New question'}
              className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[2fr_1fr_1fr]"
            >
              <input type="hidden" name={names.id} value={question?.id ?? ''} />
              <Field label={question ? `Question ${number}` : 'New question'}>
                <Input name={names.label} defaultValue={value(names.label, question?.label ?? '')} />
              </Field>
              <Field label="Answer">
                <Select
                  name={names.kind}
                  options={QUESTION_KIND_LABELS}
                  defaultValue={value(names.kind, question?.kind ?? 'short')}
                />
              </Field>
              <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
                <input
                  type="checkbox"
                  name={names.required}
                  defaultChecked={kept ? kept[names.required] === 'on' : (question?.required ?? false)}
                  className="h-4 w-4 accent-[var(--primary)]"
                />
                Required
              </label>
              <div className="sm:col-span-3">
                <Field label="Choices, one per line (for a choice)">
                  <Textarea
                    rows={2}
                    name={names.choices}
                    defaultValue={value(names.choices, question?.choices.join('\n') ?? '')}
                  />
                </Field>
              </div>
            </fieldset>
          );
        })}
      </fieldset>
      <FormNotice answer={form.answer} />
      <Button type="submit" pending={form.pending} pendingText="Saving...">
        {adding ? 'Add call type' : 'Save call type'}
      </Button>
    </PageForm>
  );
}

function RemoveCallType({ type }: { type: CallType }) {
  const action = usePageAction();
  const form = useCallTypeForm(CALL_TYPE_FORMS.remove, REMOVED, type.id);
  return (
    <RowForm form={form} id={type.id} label={`Remove ${type.name}`} action={action} className="">
      <RemoveButton form={form} />
    </RowForm>
  );
}

export function CallTypesPanel() {
  const types = useCallTypes();
  const settings = useBookingSettings();
  // The forms sit in closed sections (a removed type's is gone): what happened is said here.
  const notices = [
    [CALL_TYPE_FORMS.add, ADDED],
    [CALL_TYPE_FORMS.save, SAVED],
    [CALL_TYPE_FORMS.remove, REMOVED],
  ] as const;
  const answers = {
    [CALL_TYPE_FORMS.add]: useFormAnswer(CALL_TYPE_FORMS.add),
    [CALL_TYPE_FORMS.save]: useFormAnswer(CALL_TYPE_FORMS.save),
    [CALL_TYPE_FORMS.remove]: useFormAnswer(CALL_TYPE_FORMS.remove),
  };
  const done = {
    [CALL_TYPE_FORMS.add]: useDone(CALL_TYPE_FORMS.add),
    [CALL_TYPE_FORMS.save]: useDone(CALL_TYPE_FORMS.save),
    [CALL_TYPE_FORMS.remove]: useDone(CALL_TYPE_FORMS.remove),
  };
  const refused = answers[CALL_TYPE_FORMS.save];
  return (
    <Panel
      headingId="call-types-heading"
      title="Call types"
      description="What visitors can book, each with its own length, place, limits and questions. Without any, they book one call as Availability sets it."
    >
      {types.data && settings.data ? (
        <>
          {notices.map(([name, text]) =>
            done[name] && !answers[name] ? (
              <DoneNotice key={name} className="mt-3" title={text.title} text={text.description} />
            ) : null,
          )}
          {types.data.length > 0 && (
            <ul aria-label="Call types" className="mt-4 space-y-3">
              {types.data.map((type) => (
                <li key={type.id} className="rounded-md border border-border p-3">
                  {/* Open again when its post was refused: the messages are inside. */}
                  <details open={refused?.values.id === type.id}>
                    <summary className="cursor-pointer text-sm">
                      <span className="font-semibold">{type.name}</span>
                      <span className="text-muted-foreground">
                        {` · ${type.callMinutes} minutes · ${CALL_PLACE_LABELS[type.place]}`}
                        {type.questions.length > 0
                          ? ` · ${type.questions.length} ${type.questions.length === 1 ? 'question' : 'questions'}`
                          : ''}
                      </span>
                    </summary>
                    <CallTypeForm type={type} />
                    <div className="mt-3 border-t border-border pt-3">
                      <RemoveCallType type={type} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          )}
          <details
            className="mt-4 rounded-md border border-border p-3"
            open={Boolean(answers[CALL_TYPE_FORMS.add])}
          >
            <summary className="cursor-pointer text-sm font-semibold">Add a call type</summary>
            <CallTypeForm type={newType(settings.data)} />
          </details>
        </>
      ) : (
        <LoadState
          className="mt-4"
          pending={types.isPending || settings.isPending}
          error={types.error ?? settings.error}
          loading="Loading call types"
          failed="Could not load the call types."
        />
      )}
    </Panel>
  );
}
