/**
 * The owner's call types (issue 49, point 2): each its length, buffers, notice, horizon, daily
 * limit, days off, special hours, place and questions, kept in `app_meta` (`booking:types`, a JSON
 * list in the owner's order); none: one call as the availability sets it.
 */
import type { BookingSettings } from '../../../common/schemas/booking.ts';
import {
  answerField,
  answerSchema,
  type CallQuestion,
  type CallType,
  callTypeSchema,
  type PublicCallType,
  placeOf,
  questionsOf,
  storedCallTypesSchema,
} from '../../../common/schemas/call-types.ts';
import { jsonSetting } from '../../lib/app-settings.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { BOOKING_CACHE_KEY, type BookingContext } from './context.ts';

const TYPES_KEY = 'booking:types';
const MAX_CALL_TYPES = 12;

export const CALL_TYPE_NOT_OFFERED = 'That call type is not offered. Please choose another.';

/**
 * The availability with a call type's length, buffers, notice, horizon, days off and special
 * hours: what its slots follow.
 */
export const planOf = (settings: BookingSettings, type: CallType | null): BookingSettings =>
  type
    ? {
        ...settings,
        callMinutes: type.callMinutes,
        bufferBeforeMinutes: type.bufferBeforeMinutes,
        bufferAfterMinutes: type.bufferAfterMinutes,
        noticeHours: type.noticeHours,
        horizonDays: type.horizonDays,
        blockedDates: [...settings.blockedDates, ...type.daysOff],
        // The type's special hours stand over the availability's on their dates.
        specialHours: [
          ...settings.specialHours.filter(({ date }) => !type.specialHours.some((own) => own.date === date)),
          ...type.specialHours,
        ],
      }
    : settings;

/**
 * The visitor's answers checked against the type's questions (each as `answerSchema` reads it,
 * the booking form's own rules): the answers given, as asked, or a 400 naming each field.
 */
export function checkAnswers(
  questions: CallQuestion[],
  answers: Record<string, string> | undefined,
): Array<{ question: string; answer: string }> {
  const errors: Record<string, string> = {};
  const kept: Array<{ question: string; answer: string }> = [];
  for (const question of questions) {
    const checked = answerSchema(question).safeParse(answers?.[question.id] ?? '');
    if (!checked.success)
      errors[answerField(question.id)] = checked.error.issues[0]?.message ?? 'Invalid answer';
    else if (checked.data !== '') kept.push({ question: question.label, answer: checked.data });
  }
  const [first] = Object.values(errors);
  if (first) throw new HttpError(400, first, errors);
  return kept;
}

/** The owner's call types, in the owner's order (none stored, or unreadable: none). */
const stored = jsonSetting<CallType[]>(TYPES_KEY, storedCallTypesSchema, () => []);

export function callTypesOf({ db, cache }: BookingContext) {
  const callTypes = (): Promise<CallType[]> => stored.get(db);

  /**
   * Changes the call types under the row's lock (two saves at once both count), then has the
   * booking page's HTML (its types and slots) rendered again. The list as written.
   */
  async function changeTypes(change: (stored: CallType[]) => CallType[]): Promise<CallType[]> {
    const changed = await stored.change(db, change);
    cache.invalidate(BOOKING_CACHE_KEY);
    return changed;
  }

  /**
   * The call type a visitor asks for: the one of that id, or the first when none is named; null
   * when the owner has none (one call as the availability sets it). 404 for a type not offered.
   */
  async function typeFor(id: string | undefined): Promise<CallType | null> {
    const types = await callTypes();
    if (types.length === 0) return null;
    if (id === undefined || id === '') return types[0] ?? null;
    const type = types.find((candidate) => candidate.id === id);
    if (!type) throw notFound(CALL_TYPE_NOT_OFFERED);
    return type;
  }

  return {
    typeFor,

    /** The call types a visitor chooses from (none: one call as the availability sets it). */
    async publicTypes(): Promise<PublicCallType[]> {
      return (await callTypes()).map((type) => ({
        id: type.id,
        name: type.name,
        callMinutes: type.callMinutes,
        description: type.description,
        place: type.place,
        placeLabel: type.place === 'video' ? 'Video call' : placeOf(type),
        questions: questionsOf(type),
      }));
    },

    /** The owner's call types, whole. */
    callTypes,

    /**
     * Saves a call type (issue 49, point 2): replaces the one of `replacing`'s id (its id may
     * change to the new one's), or adds it; two types never share an id.
     */
    async saveCallType(input: CallType, replacing?: string): Promise<CallType[]> {
      const type = callTypeSchema.parse(input);
      return changeTypes((stored) => {
        const at = replacing === undefined ? -1 : stored.findIndex((t) => t.id === replacing);
        if (replacing !== undefined && at < 0) throw notFound(CALL_TYPE_NOT_OFFERED);
        if (stored.some((t, index) => t.id === type.id && index !== at))
          throw new HttpError(409, `A call type named "${type.id}" exists already. Choose another name.`, {
            name: 'A call type of that name exists already',
          });
        if (at < 0 && stored.length >= MAX_CALL_TYPES)
          throw new HttpError(400, `At most ${MAX_CALL_TYPES} call types`);
        return at < 0 ? [...stored, type] : stored.map((t, index) => (index === at ? type : t));
      });
    },

    /** Removes a call type: calls already booked keep its name, place and answers. */
    async removeCallType(id: string): Promise<CallType[]> {
      return changeTypes((stored) => {
        if (!stored.some((t) => t.id === id)) throw notFound(CALL_TYPE_NOT_OFFERED);
        return stored.filter((t) => t.id !== id);
      });
    },
  };
}
