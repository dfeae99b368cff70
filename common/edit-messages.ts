/**
 * What an editor is told when the row it was opened on was deleted since (server/lib/edit-versions.ts
 * refuses such a save with it; the editor shows it too when a read finds its row gone): what it
 * holds is kept, and `button` saves it as `anew` ('a new post').
 */
export const deletedElsewhereMessage = (what: string, button: string, anew: string) =>
  `${what} was deleted elsewhere after you opened it. Press '${button}' to save your version as ${anew}.`;

/** The post editor's: its save button for a new post is 'Create Post'. */
export const POST_DELETED_ELSEWHERE = deletedElsewhereMessage('This post', 'Create Post', 'a new post');

/** The newsletter draft's: 'Save draft' with no draft open makes a new one. */
export const DRAFT_DELETED_ELSEWHERE = deletedElsewhereMessage('This draft', 'Save draft', 'a new draft');
