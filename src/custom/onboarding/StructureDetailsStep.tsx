import { useEffect, useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { AddressAutocomplete } from './AddressAutocomplete';
import { LogoUpload } from './LogoUpload';
import { checkDetails, type FieldErrors, type OnboardingDraft } from './onboardingDraft';
import { StepForm } from './StepForm';
import './messages';

interface Props {
  draft: OnboardingDraft;
  update: (change: Partial<OnboardingDraft>) => void;
  /** Errors the server gave on these fields (a sign-up refused at the next step). */
  serverErrors: FieldErrors;
}

type Company = OnboardingDraft['company'];

/** Step 2: the structure's address (with the BAN's suggestions), country, e-mail, phone and logo. */
export function StructureDetailsStep({ draft, update, serverErrors }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  // The countries the form offers, from the public list: the visitor has no session yet.
  const [countriesList, setCountriesList] = useState<{ id: number; code: string; name: string }[]>([]);
  const [shown, setShown] = useState<FieldErrors>({});
  const franceId = countriesList.find((country) => country.code === 'FR')?.id;
  const company = draft.company;

  useEffect(() => {
    dataProvider
      .getPublicCountries()
      .then(({ data }) => setCountriesList(data))
      .catch(() => notify('GenericError', { type: 'error' }));
  }, [dataProvider, notify]);

  // France by default once the list is known: most structures are French.
  useEffect(() => {
    if (company.country === '' && franceId !== undefined) update({ company: { ...company, country: franceId } });
  }, [franceId]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = { ...serverErrors, ...shown };
  const set = (change: Partial<Company>) => {
    update({ company: { ...company, ...change } });
    setShown((previous) =>
      Object.fromEntries(
        Object.entries(previous).filter(([path]) => !Object.keys(change).some((field) => path === `company.${field}`)),
      ),
    );
  };
  const field = (
    name: 'name' | 'siret' | 'postcode' | 'city' | 'email' | 'phone',
    extra: { required?: boolean; type?: string; autoComplete?: string; help?: string } = {},
  ) => {
    const error = errors[`company.${name}`];
    return (
      <TextField
        label={translate(`app.onboarding.fields.${name}`)}
        value={company[name]}
        onChange={(event) => set({ [name]: event.target.value })}
        required={extra.required ?? true}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        error={Boolean(error)}
        helperText={error ? translate(error) : extra.help ? translate(extra.help) : undefined}
        fullWidth
      />
    );
  };

  function next() {
    const problems = checkDetails(company, franceId);
    setShown(problems);
    if (Object.keys(problems).length === 0) update({ step: 'admin' });
  }

  return (
    <StepForm onSubmit={next}>
      {field('name', { autoComplete: 'organization' })}
      {field('siret', { required: false, help: 'app.onboarding.details.siret_help' })}
      <AddressAutocomplete
        value={company.address}
        error={errors['company.address']}
        onType={(address) => set({ address })}
        onPick={({ properties }) =>
          set({
            address: properties.name ?? properties.label,
            postcode: properties.postcode ?? company.postcode,
            city: properties.city ?? company.city,
            ...(franceId !== undefined ? { country: franceId } : {}),
          })
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('postcode', { autoComplete: 'postal-code' })}
        {field('city', { autoComplete: 'address-level2' })}
      </Stack>
      <TextField
        select
        label={translate('app.onboarding.fields.country')}
        value={countriesList.length > 0 ? company.country : ''}
        onChange={(event) => set({ country: Number(event.target.value) })}
        required
        error={Boolean(errors['company.country'])}
        helperText={errors['company.country'] ? translate(errors['company.country']) : undefined}
        fullWidth
      >
        {countriesList.map((country) => (
          <MenuItem key={country.id} value={country.id}>
            {country.name}
          </MenuItem>
        ))}
      </TextField>
      {field('email', { type: 'email', autoComplete: 'email', help: 'app.onboarding.details.email_help' })}
      {field('phone', { type: 'tel', autoComplete: 'tel', help: 'app.onboarding.details.phone_help' })}
      <LogoUpload
        name={company.logoName}
        onUploaded={(logo) => set({ logo: logo?.id ?? null, logoName: logo?.name ?? '' })}
      />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => update({ step: 'structure' })}>{translate('app.onboarding.back')}</Button>
        <Button type="submit" variant="contained">
          {translate('app.onboarding.next')}
        </Button>
      </Stack>
    </StepForm>
  );
}
