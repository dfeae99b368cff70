/**
 * The chip lists of the recommendation form: entries added by Add or Enter,
 * duplicates (ignoring case) left out; text not yet added is split on commas.
 */

/** The list with the new entries of `text` (split on commas, trimmed) added; duplicates ignored. */
export function addChips(chips: readonly string[], text: string): string[] {
  const seen = new Set(chips.map((chip) => chip.toLowerCase()));
  const next = [...chips];
  for (const part of text.split(',')) {
    const chip = part.trim();
    if (chip && !seen.has(chip.toLowerCase())) {
      seen.add(chip.toLowerCase());
      next.push(chip);
    }
  }
  return next;
}

/** What the form sends: the chips plus whatever is still typed in the field. */
export function chipValues(chips: readonly string[], pending: string): string[] {
  return addChips(chips, pending);
}
