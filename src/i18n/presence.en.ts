/** Who else is on a ticket, and the reply sent after a newer message: spread under `app` by en.ts. */
export const presenceEn = {
  presence: {
    also_open: 'Also open by %{names} |||| Also open by %{names}',
    typing: '%{names} is typing a reply… |||| %{names} are typing a reply…',
    newer_title: 'A new message arrived. Send anyway?',
    newer_content:
      'This message arrived since you started your reply: |||| These messages arrived since you started your reply:',
    send_anyway: 'Send anyway',
    reread: 'Read again',
  },
};
