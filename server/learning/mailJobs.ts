import type { Mailer } from '../auth/mailer.ts';
import type { Config } from '../shared/settings.ts';
import type { Database } from '../db/database.ts';
import type { Job } from '../jobs/scheduler.ts';
import { OptOutTokens } from '../notify/optOuts.ts';
import { sendDueReminders, type ReminderLinks } from './reminders.ts';
import { sendWeeklyReports, WEEKLY_REPORT_CHECK_SECONDS } from './weeklyReport.ts';

/**
 * The learning mails' periodic work (the due dates' reminders, the weekly reports) over the platform's scope
 * (`db`), and the signer of the opt-out links those mails carry, which POST /api/unsubscribe reads back: the
 * key is OPT_OUT_SECRET, else the JWT secret's.
 */
export function learningMails(
  config: Pick<Config, 'appUrl' | 'apiUrl' | 'optOutSecret' | 'learningRemindersSeconds'>,
  jwtSecret: Uint8Array,
  db: Database,
  mailer: Mailer,
  log: (error: unknown, what: string) => void,
): { optOuts: OptOutTokens; jobs: Job[] } {
  // The back-office's pages, and the one-click opt-out posted to the API itself.
  const links: ReminderLinks = {
    appUrl: config.appUrl,
    apiUrl: config.apiUrl ?? new URL(config.appUrl).origin,
    optOuts: new OptOutTokens(config.optOutSecret ?? jwtSecret),
  };
  return {
    optOuts: links.optOuts,
    jobs: [
      {
        name: 'learning-reminders',
        everySeconds: config.learningRemindersSeconds,
        run: () => sendDueReminders(db, mailer, links, log),
      },
      {
        name: 'learning-weekly-report',
        everySeconds: WEEKLY_REPORT_CHECK_SECONDS,
        run: () => sendWeeklyReports(db, mailer, links, log),
      },
    ],
  };
}
