/**
 * How the owner's call type form and the availability's special hours are read from what the
 * forms post, and the one rule a visitor's answer follows (issue 49, points 2 and 3).
 */
import { describe, expect, it } from 'vitest';
import { bookingSettingsFormSchema } from './booking.ts';
import { answerSchema, bookingFormSchemaFor, callTypeFormSchema, questionFields } from './call-types.ts';

const posted = (fields: Record<string, string>) => {
  const form: Record<string, unknown> = { ...fields };
  for (const name of ['callMinutes', 'bufferBeforeMinutes', 'noticeHours', 'horizonDays', 'dailyLimit'])
    if (name in fields) form[name] = Number(fields[name]);
  for (const [name, value] of Object.entries(fields))
    if (name.endsWith('Required')) form[name] = value === 'on';
  return form;
};

describe('the call type form', () => {
  const base = {
    name: 'Key and remote consult',
    callMinutes: '60',
    place: 'address',
    placeDetail: '12 Peachtree St',
    noticeHours: '24',
    horizonDays: '14',
  };

  it('makes the id from the name, keeps each question row with text, and gives new ones free ids', () => {
    const first = questionFields(0);
    const second = questionFields(1);
    const third = questionFields(2);
    const type = callTypeFormSchema.parse(
      posted({
        ...base,
        dailyLimit: '2',
        daysOff: '2026-12-31, 2026-12-24 2026-12-31',
        specialHours: '2026-12-26 10:00-12:00',
        [first.id]: 'q2',
        [first.label]: 'Car make and year',
        [first.kind]: 'short',
        [first.required]: 'on',
        // A blank row is no question.
        [second.label]: '  ',
        [third.label]: 'Keys left',
        [third.kind]: 'choice',
        [third.choices]: 'None\n One \n\nTwo or more',
      }),
    );
    expect(type).toMatchObject({
      id: 'key-and-remote-consult',
      callMinutes: 60,
      bufferBeforeMinutes: 0,
      dailyLimit: 2,
      daysOff: ['2026-12-24', '2026-12-31'],
      specialHours: [{ date: '2026-12-26', start: '10:00', end: '12:00' }],
      questions: [
        { id: 'q2', label: 'Car make and year', kind: 'short', required: true, choices: [] },
        // Its row's own number is taken by the first row's question: the next free one.
        {
          id: 'q3',
          label: 'Keys left',
          kind: 'choice',
          required: false,
          choices: ['None', 'One', 'Two or more'],
        },
      ],
    });
  });

  it("keeps a description's line breaks as \\n however the form sent them", () => {
    const type = callTypeFormSchema.parse(
      posted({ ...base, description: 'Bring the car.\r\n\r\nAnd its papers.' }),
    );
    expect(type.description).toBe('Bring the car.\n\nAnd its papers.');
  });

  it('says what is wrong by field', () => {
    const refused = (fields: Record<string, string>) => {
      const result = callTypeFormSchema.safeParse(posted({ ...base, ...fields }));
      return result.success ? null : result.error.issues.map((issue) => [issue.path[0], issue.message]);
    };
    expect(refused({ placeDetail: '' })).toEqual([['placeDetail', "Enter the shop's address"]]);
    expect(refused({ place: 'video', placeDetail: 'meet.example/x' })).toEqual([
      ['placeDetail', 'A video link starts with https://'],
    ]);
    expect(refused({ horizonDays: '500' })).toEqual([['horizonDays', 'Days ahead cannot exceed 90 days']]);
    expect(refused({ [questionFields(0).label]: 'Keys left', [questionFields(0).kind]: 'choice' })).toEqual([
      ['questions', 'A choice question needs at least two choices, one per line'],
    ]);
  });
});

describe('special hours in the availability form', () => {
  /** The rest of the availability form, as the owner sends it. */
  const availability = {
    timeZone: 'America/New_York',
    callMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    noticeHours: 24,
    horizonDays: 30,
  };
  it('reads the kept ones and the one being added, in date order', () => {
    const settings = bookingSettingsFormSchema.parse({
      ...availability,
      reminders: '24, 1',
      specialHours: '2026-12-31 09:00-12:00, 2026-12-24 10:00-12:00',
      specialDate: '2026-12-26',
      specialStart: '11:00',
      specialEnd: '13:00',
    });
    expect(settings.specialHours).toEqual([
      { date: '2026-12-24', start: '10:00', end: '12:00' },
      { date: '2026-12-26', start: '11:00', end: '13:00' },
      { date: '2026-12-31', start: '09:00', end: '12:00' },
    ]);
    const backwards = bookingSettingsFormSchema.safeParse({
      ...availability,
      specialDate: '2026-12-26',
      specialStart: '13:00',
      specialEnd: '11:00',
    });
    expect(backwards.error?.issues[0]?.message).toBe('The end of special hours must be after their start');
  });
});

describe('an answer', () => {
  const choice = { label: 'Keys left', kind: 'choice' as const, required: true, choices: ['None', 'One'] };
  it('follows its question: required, one of the choices, a short one on one line', () => {
    const message = (question: Parameters<typeof answerSchema>[0], answer: string | undefined) =>
      answerSchema(question).safeParse(answer).error?.issues[0]?.message ?? null;
    expect(message(choice, undefined)).toBe('Keys left is required');
    expect(message(choice, '  ')).toBe('Keys left is required');
    expect(message(choice, 'Three')).toBe('Choose one of the answers to "Keys left"');
    expect(message(choice, ' One ')).toBeNull();
    const short = { label: 'Car', kind: 'short' as const, required: false, choices: [] };
    expect(message(short, '')).toBeNull();
    expect(message(short, 'Ford\nFocus')).toBe('Car must be a single line');
    expect(message({ ...short, kind: 'long' as const }, 'Ford\nFocus')).toBeNull();
    expect(message({ ...short, kind: 'long' as const }, 'x'.repeat(2001))).toBe(
      'Car cannot exceed 2000 characters',
    );
  });

  it('keeps its line breaks as \\n however the form sent them', () => {
    const long = { label: 'What happened', kind: 'long' as const, required: true, choices: [] };
    expect(answerSchema(long).parse('Lost it\r\nat the lake')).toBe('Lost it\nat the lake');
  });

  it('is posted as answer-<id> and sent as the answers by id', () => {
    const schema = bookingFormSchemaFor([{ id: 'q1', ...choice }]);
    const request = schema.parse({
      start: '2026-11-24T15:00:00.000Z',
      name: 'Dana',
      email: 'dana@example.com',
      topic: 'Lost my key',
      type: 'keys',
      'answer-q1': 'One',
    });
    expect(request).toMatchObject({ type: 'keys', answers: { q1: 'One' } });
    expect(request).not.toHaveProperty('answer-q1');
    const refused = schema.safeParse({
      start: '2026-11-24T15:00:00.000Z',
      name: 'Dana',
      email: 'd@e.co',
      topic: 'Lost my key',
    });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['answer-q1', 'Keys left is required'],
    ]);
  });
});
