/**
 * What an editor is told when the row it was opened on was deleted since (server/lib/edit-versions.ts
 * refuses such a save with it; the post editor shows it too when a read finds its post gone): what
 * it holds is kept, and `button` saves it as `anew` ('a new post').
 */
export const deletedElsewhereMessage = (what: string, button: string, anew: string) =>
  `${what} was deleted elsewhere after you opened it. Press '${button}' to save your version as ${anew}, or close the editor to let it go.`;

/** The post editor's: its save button for a new post is 'Create Post'. */
export const POST_DELETED_ELSEWHERE = deletedElsewhereMessage('This post', 'Create Post', 'a new post');
