/** The names of the dashboard's newsletter forms, shared by the page's action and its components. */
export const NEWSLETTER_FORMS = {
  save: 'issue-save',
  test: 'issue-test',
  send: 'issue-send',
  discard: 'issue-delete',
  remove: 'subscriber-delete',
  import: 'subscribers-import',
} as const;

/** The address parameter naming the draft open in the editor. */
export const ISSUE_PARAM = 'issue';
