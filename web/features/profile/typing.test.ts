import { describe, expect, it } from 'vitest';
import { DELETING_MS, nextTypingStep, PAUSE_MS, TYPING_MS, type TypingState } from './typing.ts';

const phrases = ['ab', 'xyz'];

/** Runs the loop from a state and records each step's text and delay. */
function run(from: TypingState, steps: number) {
  const trace: Array<[string, number]> = [];
  let state = from;
  for (let i = 0; i < steps; i++) {
    const next = nextTypingStep(state, phrases);
    state = next.state;
    trace.push([(phrases[state.phrase] ?? '').slice(0, state.length), next.delay]);
  }
  return trace;
}

describe('the typing loop', () => {
  it('types at 50 ms, pauses 3000 ms, deletes at 20 ms, then types the next phrase, in a loop', () => {
    expect([TYPING_MS, DELETING_MS, PAUSE_MS]).toEqual([50, 20, 3000]);
    expect(run({ phrase: 0, length: 0, deleting: false }, 14)).toEqual([
      ['a', 50],
      ['ab', 50],
      ['ab', 3000],
      ['a', 20],
      ['', 20],
      ['', 50],
      ['x', 50],
      ['xy', 50],
      ['xyz', 50],
      ['xyz', 3000],
      ['xy', 20],
      ['x', 20],
      ['', 20],
      ['', 50],
    ]);
    // After the last phrase comes the first again.
    expect(nextTypingStep({ phrase: 1, length: 0, deleting: true }, phrases).state.phrase).toBe(0);
  });
});
