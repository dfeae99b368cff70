/**
 * Call types (issue 49, points 2 and 3): the calls a visitor can book, each with its length,
 * description, where it takes place, buffers, notice, how far ahead, a daily limit and its own
 * questions. Without any, the site offers one call as the availability sets it.
 */
import {
  bookingRequestSchema,
  callLengthSchema,
  daysOffSchema,
  readSpecialHours,
  specialHoursSchema,
  timing,
  whole,
} from './booking.ts';
import { basedOn, isoDate, typedText } from './shared.ts';
import { z } from './zod.ts';

export const CALL_PLACES = ['video', 'phone', 'address'] as const;
export type CallPlace = (typeof CALL_PLACES)[number];
export const CALL_PLACE_LABELS: Record<CallPlace, string> = {
  video: 'Video call',
  phone: 'Phone call',
  address: 'At the shop',
};
export const QUESTION_KINDS = ['short', 'long', 'choice'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short: 'Short text',
  long: 'Long text',
  choice: 'Choice',
};
/** The most calls of one type a day, when the owner sets a limit. */
export const DAILY_LIMIT = { min: 1, max: 50 } as const;
/** The most questions a call type asks, and the longest answers. */
export const MAX_QUESTIONS = 8;
export const ANSWER_MAX = { short: 200, long: 2000, choice: 100 } as const;

const questionIdSchema = z.string().regex(/^[a-z0-9]{1,16}$/, 'Unknown question');

export const callQuestionSchema = z
  .object({
    id: questionIdSchema,
    label: z
      .string()
      .trim()
      .min(1, 'Each question needs its text')
      .max(200, 'A question cannot exceed 200 characters'),
    kind: z.enum(QUESTION_KINDS, { error: 'Choose short text, long text or choice' }),
    required: z.boolean(),
    /** A choice question's options (none for text). */
    choices: z
      .array(z.string().trim().min(1).max(100, 'A choice cannot exceed 100 characters'))
      .max(12, 'At most 12 choices'),
  })
  .refine((question) => question.kind !== 'choice' || question.choices.length >= 2, {
    message: 'A choice question needs at least two choices, one per line',
    path: ['choices'],
  });
export type CallQuestion = z.output<typeof callQuestionSchema>;

export const callTypeIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Use lowercase letters, digits and dashes');

export const callTypeSchema = z
  .object({
    id: callTypeIdSchema,
    name: z.string().trim().min(1, 'Name the call type').max(60, 'A name cannot exceed 60 characters'),
    callMinutes: callLengthSchema,
    description: typedText().trim().max(500, 'A description cannot exceed 500 characters'),
    place: z.enum(CALL_PLACES, { error: 'Choose where the call takes place' }),
    /** The video link, or the shop's address; none for a phone call (the visitor gives a number). */
    placeDetail: z.string().trim().max(300, 'That is too long'),
    bufferBeforeMinutes: timing('bufferBeforeMinutes', 'The buffer before a call', 'minutes'),
    bufferAfterMinutes: timing('bufferAfterMinutes', 'The buffer after a call', 'minutes'),
    noticeHours: timing('noticeHours', 'Notice', 'hours'),
    horizonDays: timing('horizonDays', 'Days ahead', 'days'),
    /** At most this many calls of this type a day; null: no limit. */
    dailyLimit: whole('The daily limit', DAILY_LIMIT.min, DAILY_LIMIT.max, 'calls').nullable(),
    /** This type's own days off and special hours, besides the availability's (which every type has). */
    daysOff: daysOffSchema,
    specialHours: specialHoursSchema,
    questions: z.array(callQuestionSchema).max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`),
  })
  .refine(
    (type) => type.place !== 'video' || type.placeDetail === '' || /^https:\/\/\S+$/.test(type.placeDetail),
    {
      message: 'A video link starts with https://',
      path: ['placeDetail'],
    },
  )
  .refine((type) => type.place !== 'address' || type.placeDetail !== '', {
    message: "Enter the shop's address",
    path: ['placeDetail'],
  })
  .refine((type) => new Set(type.questions.map((q) => q.id)).size === type.questions.length, {
    message: 'Each question once',
    path: ['questions'],
  });
export type CallType = z.output<typeof callTypeSchema>;

/** A call type as the owner reads it: with its version. */
export const ownerCallTypeSchema = callTypeSchema.safeExtend({ updatedAt: isoDate });
export type OwnerCallType = z.output<typeof ownerCallTypeSchema>;

/** A call type saved whole, based on the version its form was opened with (edit-versions.ts). */
const callTypeEditSchema = callTypeSchema.safeExtend({ basedOn: basedOn.optional() });

/** Where a call takes place, in words: 'Video call: https://meet.example/x', 'At the shop: 12 Main St'. */
export function placeOf(type: Pick<CallType, 'place' | 'placeDetail'>): string {
  if (type.place === 'phone') return 'Phone call: I call the number you give';
  if (type.place === 'address') return `At the shop: ${type.placeDetail}`;
  return type.placeDetail ? `Video call: ${type.placeDetail}` : 'Video call: the link comes by email';
}

/** A phone call asks for the number first (the owner calls it). */
export const PHONE_QUESTION: CallQuestion = {
  id: 'phone',
  label: 'Phone number',
  kind: 'short',
  required: true,
  choices: [],
};

/** What a call type asks: its questions, after the phone number for a phone call. */
export const questionsOf = (type: CallType): CallQuestion[] =>
  type.place === 'phone' ? [PHONE_QUESTION, ...type.questions] : type.questions;

/** What a visitor sees of a call type (GET /api/booking/types). */
export const publicCallTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  callMinutes: z.number().int(),
  description: z.string(),
  place: z.enum(CALL_PLACES),
  /** Where, in words (a video link is sent with the booking, never shown here). */
  placeLabel: z.string(),
  questions: z.array(callQuestionSchema),
});
export type PublicCallType = z.infer<typeof publicCallTypeSchema>;

/**
 * One answer, as the question asks it: a required one given, a choice one of its choices, a
 * short text on one line, none too long. Blank is no answer.
 */
export function answerSchema(question: {
  label: string;
  kind: QuestionKind;
  required: boolean;
  choices: readonly string[];
}) {
  const { label, kind } = question;
  const max = ANSWER_MAX[kind];
  return z
    .string()
    .default('')
    .pipe(
      typedText()
        .trim()
        .max(max, `${label} cannot exceed ${max} characters`)
        .refine((answer) => kind === 'long' || !/[\r\n]/.test(answer), `${label} must be a single line`)
        .refine(
          (answer) => kind !== 'choice' || answer === '' || question.choices.includes(answer),
          `Choose one of the answers to "${label}"`,
        )
        .refine((answer) => !question.required || answer !== '', `${label} is required`),
    );
}

/** A question's field on the booking form (and the key of its message). */
export const answerField = (id: string) => `answer-${id}`;

/**
 * The booking form of a call type as it posts: the booking's fields and one `answer-<id>` field
 * per question, read into the request the API takes (its answers by question id).
 */
export function bookingFormSchemaFor(questions: PublicCallType['questions']) {
  const answers = Object.fromEntries(
    questions.map((question) => [answerField(question.id), answerSchema(question)]),
  );
  return bookingRequestSchema.extend(answers).transform((values) => {
    const posted = values as Record<string, unknown>;
    const request = Object.fromEntries(
      Object.entries(posted).filter(([name]) => !name.startsWith('answer-')),
    ) as z.output<typeof bookingRequestSchema>;
    return {
      ...request,
      answers: Object.fromEntries(
        questions.map((question) => [question.id, String(posted[answerField(question.id)] ?? '')]),
      ),
    };
  });
}

/** A question row's fields on the call type form: `q0Label`, `q0Kind`, ... */
export const questionFields = (row: number) =>
  ({
    id: `q${row}Id`,
    label: `q${row}Label`,
    kind: `q${row}Kind`,
    required: `q${row}Required`,
    choices: `q${row}Choices`,
  }) as const;

const rowFields = Object.fromEntries(
  Array.from({ length: MAX_QUESTIONS }, (_, row) => {
    const names = questionFields(row);
    return [
      [names.id, z.string().max(16).default('')],
      [names.label, z.string().max(1000).default('')],
      [names.kind, z.string().max(20).default('short')],
      [names.required, z.boolean().default(false)],
      [names.choices, z.string().max(3000).default('')],
    ];
  }).flat(),
) as Record<string, z.ZodDefault<z.ZodString> | z.ZodDefault<z.ZodBoolean>>;

/**
 * The call type form as it posts: one row of fields per question (a row without its text is left
 * out), choices one per line, numbers as typed. Read into the call type the API takes, and checked
 * as that.
 */
export const callTypeFormSchema = z
  .object({
    id: z.string().max(40).default(''),
    name: z.string().max(200).default(''),
    callMinutes: z.number().optional(),
    description: z.string().max(2000).default(''),
    place: z.string().max(20).default('video'),
    placeDetail: z.string().max(1000).default(''),
    bufferBeforeMinutes: z.number().optional(),
    bufferAfterMinutes: z.number().optional(),
    noticeHours: z.number().optional(),
    horizonDays: z.number().optional(),
    dailyLimit: z.number().optional(),
    /** '2026-12-24, 2026-12-31' and '2026-12-24 10:00-12:00, ...', as typed. */
    daysOff: z.string().max(3000).default(''),
    specialHours: z.string().max(5000).default(''),
    basedOn: z.string().max(40).default(''),
    ...rowFields,
  })
  .transform((form) => {
    const fields = form as unknown as Record<string, string | boolean | number | undefined>;
    const text = (name: string) => String(fields[name] ?? '');
    const rows = Array.from({ length: MAX_QUESTIONS }, (_, row) => questionFields(row));
    const taken = rows.map((names) => text(names.id)).filter(Boolean);
    return {
      id: form.id.trim() || slugOf(form.name),
      name: form.name,
      callMinutes: form.callMinutes,
      description: form.description,
      place: form.place,
      placeDetail: form.placeDetail,
      bufferBeforeMinutes: form.bufferBeforeMinutes ?? 0,
      bufferAfterMinutes: form.bufferAfterMinutes ?? 0,
      noticeHours: form.noticeHours,
      horizonDays: form.horizonDays,
      dailyLimit: form.dailyLimit ?? null,
      daysOff: [
        ...new Set(
          form.daysOff
            .split(/[\s,]+/)
            .map((date) => date.trim())
            .filter(Boolean),
        ),
      ].sort(),
      specialHours: readSpecialHours(form.specialHours),
      questions: rows.flatMap((names, row) =>
        text(names.label).trim() === ''
          ? []
          : [
              {
                id: text(names.id) || newQuestionId(taken, row),
                label: text(names.label),
                kind: text(names.kind) || 'short',
                required: fields[names.required] === true,
                choices: text(names.choices)
                  .split('\n')
                  .map((choice) => choice.trim())
                  .filter(Boolean),
              },
            ],
      ),
      ...(form.basedOn ? { basedOn: form.basedOn } : {}),
    };
  })
  .pipe(callTypeEditSchema);

/** A new question's id: the first of q1, q2, ... no row of the form holds (its row's own number first). */
function newQuestionId(taken: string[], row: number): string {
  let n = row + 1;
  while (taken.includes(`q${n}`)) n++;
  taken.push(`q${n}`);
  return `q${n}`;
}

/** A call type sent without its own days off and special hours (by an older client) has none. */
const withoutDaysOff = (value: unknown) =>
  value && typeof value === 'object' ? { daysOff: [], specialHours: [], ...value } : value;

/** A call type as the API takes it: a new one, or one saved whole over the version it was `basedOn`. */
export const callTypeInputSchema = z.preprocess(withoutDaysOff, callTypeSchema);
export const callTypeEditInputSchema = z.preprocess(withoutDaysOff, callTypeEditSchema);

/** 'intro-call' from 'Intro call!' (a new type's id). */
export function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'call'
  );
}
