/** Mentions in ticket notes and the app bar's bell, spread under `app` by en.ts. */
export const mentionsEn = {
  mentions: {
    bell: 'Mentions: %{count} unread |||| Mentions: %{count} unread',
    title: 'Mentions',
    mark_all: 'Mark all as read',
    empty: 'Nobody has mentioned you yet.',
    load_error: 'The mentions could not be loaded.',
    error: 'The mentions could not be marked as read.',
    item: '%{author} mentioned you: %{subject}',
    someone: 'Someone',
    unread: 'Unread:',
    picker: 'Mention a colleague',
    picker_loading: 'Looking for colleagues…',
    picker_none: 'No colleague of that name sees this ticket.',
    help: 'Type @ to mention a colleague: they will be told.',
    added: 'Note added, the mentioned colleagues are told',
    refused: 'Only support staff who see this ticket may be mentioned.',
  },
};
