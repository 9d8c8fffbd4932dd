import { useId } from 'react';
import { Box, FormHelperText, Tab, Tabs, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { searchOf } from '../crud/fieldSpec';
import { EmailsInput } from './EmailsInput';
import { AUDIENCE_KINDS, type AudienceKind } from './enrolmentForm';

// A person as the pickers name them: their name, and their address to tell two namesakes apart.
const personText = (user: { firstName?: string; lastName?: string; email?: string } | undefined) =>
  user ? `${`${user.firstName ?? ''} ${user.lastName ?? ''}`.trim()} (${user.email ?? ''})` : '';

const ENABLED = { enabled: true };

/**
 * Whom to enrol, one way at a time, each in its tab: people picked by name, a list of e-mail addresses,
 * the whole structure, everyone with a tag or a skill, or a supervisor's learners. What a tab holds stays
 * when another is shown; only the shown one is sent.
 */
export function AudienceInputs({ error }: { error?: string }) {
  const translate = useTranslate();
  const id = useId();
  const kind = useWatch({ name: 'kind' }) as AudienceKind;
  const { setValue } = useFormContext();
  const validate = required();
  return (
    <Box>
      <Tabs
        value={kind}
        onChange={(_event, next: AudienceKind) => setValue('kind', next, { shouldDirty: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('app.learning.enrol.audience')}
      >
        {AUDIENCE_KINDS.map((each) => (
          <Tab
            key={each}
            value={each}
            id={`${id}-${each}`}
            aria-controls={`${id}-panel`}
            label={translate(`app.learning.enrol.kinds.${each}`)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${kind}`} sx={{ pt: 2 }}>
        {kind === 'users' && (
          <ReferenceArrayInput source="users" reference="users" filter={ENABLED}>
            <AutocompleteArrayInput
              label="app.learning.enrol.users"
              optionText={personText}
              filterToQuery={searchOf('users')}
              validate={validate}
            />
          </ReferenceArrayInput>
        )}
        {kind === 'emails' && <EmailsInput />}
        {kind === 'structure' && <Typography>{translate('app.learning.enrol.structure_help')}</Typography>}
        {kind === 'tags' && (
          <ReferenceArrayInput source="tags" reference="tags">
            <AutocompleteArrayInput
              label="app.learning.enrol.tags"
              filterToQuery={searchOf('tags')}
              validate={validate}
            />
          </ReferenceArrayInput>
        )}
        {kind === 'skills' && (
          <ReferenceArrayInput source="skills" reference="skills">
            <AutocompleteArrayInput
              label="app.learning.enrol.skills"
              filterToQuery={searchOf('skills')}
              validate={validate}
            />
          </ReferenceArrayInput>
        )}
        {kind === 'supervisor' && (
          <ReferenceInput source="supervisor" reference="users" filter={ENABLED}>
            <AutocompleteInput
              label="app.learning.enrol.supervisor"
              optionText={personText}
              filterToQuery={searchOf('users')}
              validate={validate}
              helperText="app.learning.enrol.supervisor_help"
            />
          </ReferenceInput>
        )}
        {error && <FormHelperText error>{translate(error, { _: error })}</FormHelperText>}
      </Box>
    </Box>
  );
}
