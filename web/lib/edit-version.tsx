/**
 * The version an open editor is based on, sent with its form (server/lib/edit-versions.ts): a save
 * over a version saved since in another tab or on the phone is refused with what was typed kept,
 * and the editor reads the row again, so that the next press saves over that version. A row no
 * longer there to edit (deleted since, or a newsletter draft sent since) reads as gone: the editor
 * keeps its fields and saves them anew.
 */
import { useCallback, useRef, useState } from 'react';
import type { FormAnswer } from './form-post.ts';

/** The row's `updatedAt` as the editor read it, in the form. */
export function BasedOn({ version }: { version: string | null | undefined }) {
  return version ? <input type="hidden" name="basedOn" value={version} /> : null;
}

/** Whether an answer refused the edit as based on a version saved over since. */
export const savedOverSince = (answer: FormAnswer) => 'basedOn' in answer.errors;

/** Whether an answer refused the edit as based on a row gone since (the editor offers to save it anew). */
export const goneSince = (answer: FormAnswer) => 'gone' in answer.errors;

/**
 * The version a form's fields were read from: the stored one when the form opened (or opened
 * another row, `row`). A read of the page that brings a newer one (another form's save reads
 * everything again) leaves it, since the fields still show the older; it moves on to the stored one
 * read next only after `moveOn`: this form's own save went through (its fields are what is
 * stored), or was refused as saved over since (whose message offers to save over that version).
 */
export function useEditBase(stored: string | null | undefined, row: unknown = null) {
  const [base, setBase] = useState({ version: stored, row, moving: false });
  if (base.row !== row || (base.moving && base.version !== stored)) {
    setBase({ version: stored, row, moving: false });
  }
  const moveOn = useCallback(() => setBase((now) => ({ ...now, moving: true })), []);
  return { version: base.row === row ? base.version : stored, moveOn };
}

/**
 * Whether the row an editor is for is gone since: its read (`read`, the query's data, or what of
 * it the editor can edit) gives null. `keep`: the editor had it open here, or its save was just
 * answered so (`answer`): what its fields hold stays, for a new row, and `opened` is the row as
 * last read (what fields that were not typed in still show); otherwise (a link to it followed
 * later) there is nothing to keep.
 */
export function useGoneSince<Row extends { id: number }>(
  read: Row | null | undefined,
  id: number | null,
  answer: FormAnswer | undefined,
) {
  const opened = useRef<Row | null>(null);
  if (read) opened.current = read;
  const gone = read === null;
  const keep =
    gone && ((id !== null && opened.current?.id === id) || (answer !== undefined && goneSince(answer)));
  return { gone, keep, opened: keep ? opened.current : null };
}
