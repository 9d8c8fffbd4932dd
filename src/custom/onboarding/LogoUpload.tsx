import { useId, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import './messages';

interface Props {
  name: string;
  onUploaded: (document: { id: number; name: string } | null) => void;
}

/** The structure's optional logo, uploaded without a session (the public "onboarding" context). */
export function LogoUpload({ name, onUploaded }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const inputId = useId();
  const [pending, setPending] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setPending(true);
    try {
      const { data } = await dataProvider.upload(file, { context: 'onboarding', filename: file.name });
      onUploaded({ id: Number(data.id), name: file.name });
    } catch (error) {
      notify((error as Error).message || 'GenericError', { type: 'error' });
    }
    setPending(false);
  }

  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component="label" htmlFor={inputId} variant="outlined" loading={pending}>
        {translate(name ? 'app.onboarding.details.logo_replace' : 'app.onboarding.details.logo')}
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </Button>
      {name ? (
        <>
          <Typography variant="body2">{name}</Typography>
          <Button size="small" onClick={() => onUploaded(null)}>
            {translate('app.onboarding.details.logo_remove')}
          </Button>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.onboarding.details.logo_help')}
        </Typography>
      )}
    </Stack>
  );
}
