import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { checkAdmin, type FieldErrors, type OnboardingDraft } from './onboardingDraft';
import { StepForm } from './StepForm';
import './messages';

interface Props {
  draft: OnboardingDraft;
  update: (change: Partial<OnboardingDraft>) => void;
  /** Registers the structure and its administrator; answers the server's field errors when refused. */
  register: () => Promise<void>;
  serverErrors: FieldErrors;
}

type Admin = OnboardingDraft['admin'];

/** Step 3: the first administrator; "Créer la structure" signs it up and mails the code. */
export function AdminStep({ draft, update, register, serverErrors }: Props) {
  const translate = useTranslate();
  const [shown, setShown] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const errors = { ...serverErrors, ...shown };
  const admin = draft.admin;

  const field = (name: keyof Admin, autoComplete: string, type = 'text') => (
    <TextField
      label={translate(`app.onboarding.fields.${name}`)}
      value={admin[name]}
      onChange={(event) => {
        update({ admin: { ...admin, [name]: event.target.value } });
        setShown(({ [name]: _gone, ...rest }) => rest);
      }}
      required
      type={type}
      autoComplete={autoComplete}
      error={Boolean(errors[name])}
      helperText={
        errors[name]
          ? translate(errors[name])
          : name === 'email'
            ? translate('app.onboarding.admin.email_help')
            : undefined
      }
      fullWidth
    />
  );

  async function submit() {
    const problems = checkAdmin(admin);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    await register();
    setPending(false);
  }

  return (
    <StepForm onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('firstName', 'given-name')}
        {field('lastName', 'family-name')}
      </Stack>
      {field('email', 'email', 'email')}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => update({ step: 'details' })} disabled={pending}>
          {translate('app.onboarding.back')}
        </Button>
        <Button type="submit" variant="contained" loading={pending}>
          {translate('app.onboarding.admin.submit')}
        </Button>
      </Stack>
    </StepForm>
  );
}
