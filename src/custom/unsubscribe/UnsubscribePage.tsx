import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@mui/material';
import { HttpError, useDataProvider, useTranslate } from 'react-admin';
import type { UnsubscribeResult } from '../../domain/enrolmentPayloads';
import type { AppDataProvider } from '../../providers/dataProvider';
import { AuthLayout } from '../auth/AuthLayout';
import { Loader } from '../Loader';
import '../learners/messages';

type Outcome = { kind: 'done'; result: UnsubscribeResult } | { kind: 'invalid' } | { kind: 'failed' };

/**
 * The page an opt-out link of a mail opens (`#/unsubscribe?token=…`), with no session: the token is posted
 * once (`POST /api/unsubscribe`), and the page says that its mails will no longer be sent to that
 * address, or that the link is not valid.
 */
export function UnsubscribePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const token = useSearchParams()[0].get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome | undefined>(token ? undefined : { kind: 'invalid' });

  useEffect(() => {
    if (!token) return;
    let current = true;
    dataProvider.unsubscribeMails(token).then(
      (result) => current && setOutcome({ kind: 'done', result }),
      (error: unknown) =>
        current && setOutcome({ kind: error instanceof HttpError && error.status === 422 ? 'invalid' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, token]);

  return (
    <AuthLayout title="app.learning.unsubscribe.title">
      <div role="status" aria-live="polite">
        {!outcome && <Loader size="small" />}
        {outcome?.kind === 'done' && (
          <Alert severity="success">
            {translate('app.learning.unsubscribe.done', {
              email: outcome.result.email,
              topic: translate(`app.learning.unsubscribe.topics.${outcome.result.topic}`, {
                _: translate('app.learning.unsubscribe.topics.other'),
              }),
            })}
          </Alert>
        )}
        {outcome?.kind === 'invalid' && (
          <Alert severity="warning">{translate('app.learning.unsubscribe.invalid')}</Alert>
        )}
        {outcome?.kind === 'failed' && <Alert severity="error">{translate('app.learning.unsubscribe.failed')}</Alert>}
      </div>
    </AuthLayout>
  );
}
