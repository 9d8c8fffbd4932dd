import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { AddressFeature } from '../../domain/onboarding';
import './messages';

const DEBOUNCE_MS = 300;

interface Props {
  value: string;
  onType: (text: string) => void;
  onPick: (feature: AddressFeature) => void;
  error?: string;
}

/**
 * The postal address, with the national address base's suggestions as one types (the `features` of its
 * answer, kept in `addressesList`). Free text stays possible: an address abroad, or the service down.
 */
export function AddressAutocomplete({ value, onType, onPick, error }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [addressesList, setAddressesList] = useState<AddressFeature[]>([]);
  const [picked, setPicked] = useState(false);

  useEffect(() => {
    const text = value.trim();
    if (text.length < 3 || picked) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dataProvider
        .searchAddresses(text, controller.signal)
        .then(({ data }) => setAddressesList(data.features))
        .catch(() => {
          if (controller.signal.aborted) return;
          notify('GenericError', { type: 'error' });
          setAddressesList([]);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, picked, dataProvider, notify]);

  return (
    <Autocomplete<AddressFeature, false, false, true>
      freeSolo
      options={addressesList}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.properties.label)}
      isOptionEqualToValue={(option, chosen) =>
        typeof chosen !== 'string' && option.properties.label === chosen.properties.label
      }
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset') return;
        setPicked(false);
        onType(text);
      }}
      onChange={(_event, option) => {
        if (option && typeof option !== 'string') {
          setPicked(true);
          onPick(option);
        }
      }}
      noOptionsText={translate('app.onboarding.details.no_address')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.onboarding.fields.address')}
          required
          error={Boolean(error)}
          helperText={error ? translate(error) : translate('app.onboarding.details.address_help')}
        />
      )}
    />
  );
}
