/**
 * The server's periodic jobs (server/app.ts defines them on the scheduler), as the tests expect to find them
 * in `scheduled_jobs`, sorted by name: a job added without its test, or a task left on a timer of its own,
 * shows as a difference.
 */
export const PERIODIC_JOBS = [
  'anonymous-upload-sweep',
  'expired-rows-sweep',
  'file-removals',
  'learning-aggregates',
  'learning-recertification',
  'learning-reminders',
  'learning-weekly-report',
  'live-events-prune',
  'partial-uploads-sweep',
  'personal-data-requests',
  'recycle-bin-purge',
  'retention-expiry',
  'retired-nodes-purge',
  'ticket-attachments-sweep',
];
