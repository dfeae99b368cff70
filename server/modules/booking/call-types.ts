/**
 * The owner's call types (issue 49, point 2): each its length, buffers, notice, horizon, daily
 * limit, days off, special hours, place and questions, a row of `call_types` in the owner's order;
 * none: one call as the availability sets it. A booking keeps its type's id as a key.
 */
import { and, asc, eq, getTableColumns, max, sql } from 'drizzle-orm';
import type { BookingSettings } from '../../../common/schemas/booking.ts';
import {
  answerField,
  answerSchema,
  type CallQuestion,
  type CallType,
  callTypeSchema,
  type OwnerCallType,
  type PublicCallType,
  placeOf,
  questionsOf,
} from '../../../common/schemas/call-types.ts';
import type { Db } from '../../db/client.ts';
import { callTypes as callTypeRows } from '../../db/schema.ts';
import { changedElsewhere, unchangedSince } from '../../lib/edit-versions.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { BOOKING_CACHE_KEY, type BookingContext } from './context.ts';

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

/** A type's columns, as the API has it (its position aside). */
const typeColumns = (({ position: _position, ...columns }) => columns)(getTableColumns(callTypeRows));

/** The owner's call types, in the owner's order, each with its version. */
const readTypes = async (db: Pick<Db, 'select'>): Promise<OwnerCallType[]> =>
  (await db.select(typeColumns).from(callTypeRows).orderBy(asc(callTypeRows.position))).map((row) => ({
    ...row,
    updatedAt: row.updatedAt.toISOString(),
  }));

/** A type that cannot be saved under its id: another has it. */
const taken = (id: string) =>
  new HttpError(409, `A call type named "${id}" exists already. Choose another name.`, {
    name: 'A call type of that name exists already',
  });

export function callTypesOf({ db, cache }: BookingContext) {
  const callTypes = (): Promise<OwnerCallType[]> => readTypes(db);

  /**
   * Changes the call types one save at a time (two saves at once both count), then has the booking
   * page's HTML (its types and slots) rendered again. The list as written.
   */
  async function changeTypes(
    change: (tx: Db, stored: CallType[]) => Promise<void>,
  ): Promise<OwnerCallType[]> {
    const changed = await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${callTypeRows} in share row exclusive mode`);
      await change(tx, await readTypes(tx));
      return readTypes(tx);
    });
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

    /**
     * Inside a booking's transaction: the type is still offered, and stays as it is (neither
     * removed nor renamed) until the booking is written; 404 if it was removed meanwhile.
     */
    async holdType(tx: Pick<Db, 'select'>, type: CallType | null): Promise<void> {
      if (!type) return;
      const [held] = await tx
        .select({ id: callTypeRows.id })
        .from(callTypeRows)
        .where(eq(callTypeRows.id, type.id))
        .for('key share');
      if (!held) throw notFound(CALL_TYPE_NOT_OFFERED);
    },

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
     * change to the new one's, and its booked calls follow; never over a version saved since the
     * one it is `basedOn`, edit-versions.ts), or adds it last; two types never share an id.
     */
    async saveCallType(input: CallType, replacing?: string, basedOn?: string): Promise<OwnerCallType[]> {
      const type = callTypeSchema.parse(input);
      return changeTypes(async (tx, stored) => {
        if (replacing !== undefined && !stored.some((t) => t.id === replacing))
          throw notFound(CALL_TYPE_NOT_OFFERED);
        if (type.id !== replacing && stored.some((t) => t.id === type.id)) throw taken(type.id);
        if (replacing !== undefined) {
          const saved = await tx
            .update(callTypeRows)
            .set({ ...type, updatedAt: sql`now()` })
            .where(and(eq(callTypeRows.id, replacing), unchangedSince(callTypeRows.updatedAt, basedOn)))
            .returning({ id: callTypeRows.id });
          if (saved.length === 0) throw changedElsewhere('This call type', 'Save call type');
          return;
        }
        if (stored.length >= MAX_CALL_TYPES) throw new HttpError(400, `At most ${MAX_CALL_TYPES} call types`);
        const [last] = await tx.select({ position: max(callTypeRows.position) }).from(callTypeRows);
        await tx.insert(callTypeRows).values({ ...type, position: (last?.position ?? -1) + 1 });
      });
    },

    /** Removes a call type: calls already booked keep its name, place and answers. */
    async removeCallType(id: string): Promise<OwnerCallType[]> {
      return changeTypes(async (tx, stored) => {
        if (!stored.some((t) => t.id === id)) throw notFound(CALL_TYPE_NOT_OFFERED);
        await tx.delete(callTypeRows).where(eq(callTypeRows.id, id));
      });
    },
  };
}
