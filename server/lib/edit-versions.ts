/**
 * An edit never writes over a version it was not based on. An editor that is open for a while (a
 * post, a newsletter draft, the availability, a call type) sends the row's `updatedAt` as it read
 * it (`basedOn`); the update's own condition holds only while the row is still that version, so a
 * save from another tab or the owner's phone in between, even one at the very same moment, makes
 * this one write nothing. The refusal (409) says so, the form keeps what was typed, and the
 * editor, having read the row again, saves over it at the next press. An update sent without
 * `basedOn` (a row's publish button, an API client) is written as before. An edit based on a row
 * no longer there to edit (deleted since: 404; a newsletter draft sent since: 409) is refused too,
 * saying so in `errors.gone`: the editor keeps what was typed and offers to save it anew.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from './http-error.ts';

/**
 * The update's condition that the row is still the version the edit was based on (undefined: none
 * was sent). The database keeps microseconds, an ISO time milliseconds.
 */
export const unchangedSince = (updatedAt: PgColumn, basedOn: string | undefined): SQL | undefined =>
  basedOn === undefined ? undefined : sql`date_trunc('milliseconds', ${updatedAt}) = ${basedOn}::timestamptz`;

/** An edit of `what` ('This post'), saved by `button`, based on the version `basedOn` (none: any). */
export interface EditOf {
  basedOn: string | undefined;
  what: string;
  button: string;
}

/** The answer to an edit of `what` ('This post') based on a version saved over since: `button` sends it again. */
export function changedElsewhere(what: string, button: string): HttpError {
  const message = `${what} was changed elsewhere after you opened it. Press '${button}' again to save your version over it, or reload the page to see the other changes.`;
  return new HttpError(409, message, { basedOn: message });
}

/**
 * The answer to an edit based on a row no longer there to edit, saying `message`
 * (common/edit-messages.ts): deleted since (404), or a draft sent since (409).
 */
export function goneElsewhere(message: string, status: 404 | 409 = 404): HttpError {
  return new HttpError(status, message, { gone: message });
}
