import { useState } from 'react';
import { Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { Form, PasswordInput, required, SaveButton, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { renewSession } from '../../providers/httpClient';
import { meetsPasswordPolicy } from '../auth/passwordRules';
import { PasswordRules } from '../auth/PasswordRules';
import { useSaveFailure } from '../people/submitErrors';

/** The rules beside the new password, met or not as it is typed. */
function PasswordPolicy() {
  const password: string = useWatch({ name: 'password' }) ?? '';
  return <PasswordRules password={password} id="password-policy" />;
}

const policy = (value: string) => (value && !meetsPasswordPolicy(value) ? 'app.validation.password' : undefined);

/**
 * A new password given the current one. The server ends the user's other sessions; this one
 * goes on with a renewed token.
 */
export function PasswordChange() {
  const notify = useNotify();
  const saveFailure = useSaveFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  // A changed password leaves no trace on screen: the form starts afresh (a new key remounts it).
  const [changes, setChanges] = useState(0);

  async function save(values: Record<string, string>) {
    try {
      await dataProvider.changePassword({
        currentPassword: values.currentPassword ?? '',
        password: values.password ?? '',
      });
      // The password moved the user's session version: this session's token is renewed from its own
      // refresh token, which the change kept.
      await renewSession();
      notify('app.people.account.password_changed', { type: 'success' });
      setChanges((count) => count + 1);
      return undefined;
    } catch (failure) {
      return saveFailure(failure);
    }
  }

  return (
    <Form key={changes} onSubmit={save} record={{ currentPassword: '', password: '' }} id="password-change">
      <Stack spacing={1} sx={{ maxWidth: 420 }}>
        <PasswordInput
          source="currentPassword"
          label="app.people.account.current_password"
          validate={required()}
          autoComplete="current-password"
        />
        <PasswordInput
          source="password"
          label="app.people.account.new_password"
          validate={[required(), policy]}
          autoComplete="new-password"
        />
        <PasswordPolicy />
        <div>
          <SaveButton label="app.people.account.change_password" alwaysEnable />
        </div>
      </Stack>
    </Form>
  );
}
