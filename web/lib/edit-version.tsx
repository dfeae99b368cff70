/**
 * The version an open editor is based on, sent with its form (server/lib/edit-versions.ts): a save
 * over a version saved since in another tab or on the phone is refused with what was typed kept,
 * and the editor reads the row again, so that the next press saves over that version.
 */
import type { FormAnswer } from './form-post.ts';

/** The row's `updatedAt` as the editor read it, in the form. */
export function BasedOn({ version }: { version: string }) {
  return <input type="hidden" name="basedOn" value={version} />;
}

/** Whether an answer refused the edit as based on a version saved over since. */
export const savedOverSince = (answer: FormAnswer) => 'basedOn' in answer.errors;
