import { List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useWatch } from 'react-hook-form';
import { Form, PasswordInput, required, SaveButton, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { renewSession } from '../../providers/httpClient';
import { meetsPasswordPolicy, PASSWORD_RULES } from '../auth/passwordRules';
import { fieldErrorsOf } from '../people/submitErrors';

/** The policy, rule by rule, met or not as the user types (the server checks the same rules). */
function PasswordPolicy() {
  const translate = useTranslate();
  const password: string = useWatch({ name: 'password' }) ?? '';
  return (
    <div>
      <Typography variant="body2" id="password-policy">
        {translate('app.auth.new_password.rules')}
      </Typography>
      <List dense disablePadding>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <ListItem key={rule.key} disableGutters sx={{ py: 0 }}>
              <ListItemIcon sx={{ minWidth: 28 }}>
                {met ? <CheckCircle fontSize="small" color="success" /> : <RadioButtonUnchecked fontSize="small" />}
              </ListItemIcon>
              <ListItemText
                primary={translate(`app.auth.new_password.${rule.key}`)}
                secondary={translate(met ? 'app.auth.new_password.rule_met' : 'app.auth.new_password.rule_unmet')}
                slotProps={{ secondary: { sx: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </div>
  );
}

const policy = (value: string) => (value && !meetsPasswordPolicy(value) ? 'app.validation.password' : undefined);

/**
 * A new password given the current one (issue 16). The server ends the user's other sessions; this one
 * goes on with a renewed token.
 */
export function PasswordChange() {
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();

  async function save(values: Record<string, string>) {
    try {
      await dataProvider.changePassword({ currentPassword: values.currentPassword ?? '', password: values.password ?? '' });
      // The password moved the user's session version: this session's token is renewed from its own
      // refresh token, which the change kept.
      await renewSession();
      notify('app.people.account.password_changed', { type: 'success' });
      return undefined;
    } catch (failure) {
      const errors = fieldErrorsOf(failure);
      if (!errors) notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
      return errors;
    }
  }

  return (
    <Form onSubmit={save} record={{ currentPassword: '', password: '' }} id="password-change">
      <Stack spacing={1} sx={{ maxWidth: 420 }}>
        <PasswordInput source="currentPassword" label="app.people.account.current_password" validate={required()} autoComplete="current-password" />
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
