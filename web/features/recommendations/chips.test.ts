import { describe, expect, it } from 'vitest';
import { addChips, chipValues } from './chips.ts';

describe('recommendation chips', () => {
  it('adds trimmed entries, splitting on commas and dropping empties', () => {
    expect(addChips([], ' react ,  , node.js,')).toEqual(['react', 'node.js']);
  });

  it('ignores duplicates whatever their case', () => {
    expect(addChips(['React'], 'react, REACT, Vue')).toEqual(['React', 'Vue']);
  });

  it('sends the chips with the text still in the field', () => {
    expect(chipValues(['locksmith'], 'automotive, locksmith')).toEqual(['locksmith', 'automotive']);
    expect(chipValues([], '  ')).toEqual([]);
  });
});
