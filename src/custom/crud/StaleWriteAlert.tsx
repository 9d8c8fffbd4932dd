import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useEditContext, useTranslate } from 'react-admin';

/**
 * Above an edit form whose save was refused as stale: says so and offers to reload. What the user typed
 * stays in the form until they reload (they may copy it first); reloading fetches the record again, and
 * react-admin's form resets itself to that current version.
 */
export function StaleWriteAlert({ onReloaded }: { onReloaded: () => void }) {
  const translate = useTranslate();
  const { refetch } = useEditContext();
  const [reloading, setReloading] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  // The save button may be a long form below: bring the message into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const reload = async () => {
    setReloading(true);
    try {
      await refetch();
    } finally {
      setReloading(false);
    }
    onReloaded();
  };

  return (
    <Alert
      ref={ref}
      severity="warning"
      role="alert"
      data-testid="stale-write"
      action={
        <Button color="inherit" size="small" variant="outlined" disabled={reloading} onClick={() => void reload()}>
          {translate('app.stale_write.reload')}
        </Button>
      }
      sx={{ m: 2, mb: 0, alignItems: 'center' }}
    >
      {translate('app.http.conflict_stale')}
    </Alert>
  );
}
