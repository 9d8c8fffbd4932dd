import { useEffect, useState } from 'react';
import { Alert, Button, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { Establishment } from '../../domain/onboarding';
import type { OnboardingDraft } from './onboardingDraft';
import './messages';

/** Typing pauses this long before the directory is asked. */
const DEBOUNCE_MS = 350;

interface Props {
  draft: OnboardingDraft;
  update: (change: Partial<OnboardingDraft>) => void;
}

/** Step 1: find the structure in the national company directory by name or SIRET, or go on by hand. */
export function StructureSearchStep({ draft, update }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Each answer remembers the text it answers: a stale one is never shown for newer text.
  const [answer, setAnswer] = useState<{ text: string; list: Establishment[] }>();
  const text = draft.search.trim();
  const results = text.length >= 3 && answer?.text === text ? answer.list : undefined;
  const searching = text.length >= 3 && !results;

  useEffect(() => {
    if (text.length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dataProvider
        .searchEstablishments(text, controller.signal)
        .then(({ data }) => setAnswer({ text, list: data }))
        .catch(() => {
          if (controller.signal.aborted) return;
          // A failed company search shows the generic error, like the sign-up's other look-ups; the form stays
          // open to fill in by hand.
          notify('GenericError', { type: 'error' });
          setAnswer({ text, list: [] });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, dataProvider, notify]);

  function pick(establishment: Establishment) {
    const street = establishment.address.replace(new RegExp(`\\s*${establishment.postcode}.*$`), '').trim();
    update({
      step: 'details',
      searchEngineEntityId: establishment.siret,
      company: {
        ...draft.company,
        name: establishment.name,
        siret: establishment.siret,
        address: street,
        postcode: establishment.postcode,
        city: establishment.city,
      },
    });
  }

  return (
    <Stack spacing={2}>
      <TextField
        label={translate('app.onboarding.search.label')}
        helperText={translate('app.onboarding.search.help')}
        value={draft.search}
        onChange={(event) => update({ search: event.target.value })}
        autoFocus
        fullWidth
      />
      <div aria-live="polite">
        {searching ? <Typography variant="body2">{translate('app.onboarding.search.searching')}</Typography> : null}
        {!searching && results?.length === 0 ? (
          <Alert severity="info">{translate('app.onboarding.search.none')}</Alert>
        ) : null}
      </div>
      {results && results.length > 0 ? (
        <List
          aria-label={translate('app.onboarding.search.results')}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}
        >
          {results.map((establishment) => (
            <ListItemButton key={establishment.siret} onClick={() => pick(establishment)} divider>
              <ListItemText
                primary={establishment.name}
                secondary={`${translate('app.onboarding.fields.siret')} ${establishment.siret} · ${establishment.address}`}
              />
            </ListItemButton>
          ))}
        </List>
      ) : null}
      <Button variant="outlined" onClick={() => update({ step: 'details', searchEngineEntityId: '' })}>
        {translate('app.onboarding.search.by_hand')}
      </Button>
    </Stack>
  );
}
