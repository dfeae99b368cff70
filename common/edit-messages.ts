/**
 * What an editor is told when the row it was opened on is no longer there to edit: deleted since,
 * or (a newsletter draft) sent since. server/lib/edit-versions.ts refuses such a save with it; the
 * editor shows it too when a read finds its row gone. What it holds is kept, and `button` saves it
 * as `anew` ('a new post').
 */
const goneElsewhereMessage = (what: string, happened: string, button: string, anew: string) =>
  `${what} was ${happened} after you opened it. Press '${button}' to save your version as ${anew}.`;

/** The post editor's: its save button for a new post is 'Create Post'. */
export const POST_DELETED_ELSEWHERE = goneElsewhereMessage(
  'This post',
  'deleted elsewhere',
  'Create Post',
  'a new post',
);

/** The newsletter draft's: 'Save draft' with no draft open makes a new one. */
export const DRAFT_DELETED_ELSEWHERE = goneElsewhereMessage(
  'This draft',
  'deleted elsewhere',
  'Save draft',
  'a new draft',
);

/** A draft sent to the list from another tab or the phone: it can no longer change. */
export const DRAFT_SENT_ELSEWHERE = goneElsewhereMessage(
  'This draft',
  'sent to the list from elsewhere',
  'Save draft',
  'a new draft',
);

/** A draft's test or send pressed while its form holds text not saved yet: held, never sent without it. */
export const UNSAVED_DRAFT =
  "You changed the draft after saving it. Press 'Save draft' first: the preview, the test and the email show the saved draft.";
