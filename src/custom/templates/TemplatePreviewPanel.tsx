import { useState } from 'react';
import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import PreviewIcon from '@mui/icons-material/Preview';
import { useMutation } from '@tanstack/react-query';
import { HttpError, useDataProvider, useTranslate } from 'react-admin';
import { TEMPLATE_LOCALES } from '../../domain/templateVariables';
import type { TemplatePreview } from '../../providers/actions';
import type { AppDataProvider } from '../../providers/dataProvider';

/** The template as a recipient reads it, in each locale, with sample values (asked on demand). */
export function TemplatePreviewPanel({ code, subject, body }: { code: string; subject: string; body: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale, setLocale] = useState<string>(TEMPLATE_LOCALES[0]);
  const preview = useMutation<TemplatePreview, unknown, void>({
    mutationFn: async () => (await dataProvider.previewTemplate({ code, subject, body })).data,
  });
  const shown = preview.data?.locales[locale];
  const refused = preview.error instanceof HttpError && preview.error.status === 422;

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <div>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PreviewIcon />}
          onClick={() => preview.mutate()}
          loading={preview.isPending}
        >
          {translate('app.people.templates.preview')}
        </Button>
      </div>
      {preview.error ? (
        <Alert severity="error">
          {translate(refused ? 'app.people.templates.preview_refused' : 'app.people.templates.preview_error')}
        </Alert>
      ) : null}
      {shown && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }} data-testid="template-preview">
          <Tabs
            value={locale}
            onChange={(_, value: string) => setLocale(value)}
            aria-label={translate('app.people.templates.preview')}
          >
            {TEMPLATE_LOCALES.map((value) => (
              <Tab key={value} value={value} label={translate(`choices.locale.${value}`)} />
            ))}
          </Tabs>
          <Box role="tabpanel" sx={{ p: 1.5 }} lang={locale}>
            <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
              {shown.subject}
            </Typography>
            <Typography
              variant="body2"
              component="div"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}
            >
              {shown.body}
            </Typography>
          </Box>
        </Box>
      )}
    </Stack>
  );
}
