import { Navigate, useParams } from 'react-router-dom';
import {
  BooleanField, BooleanInput, email, EmailField, Labeled, maxLength, required, SelectArrayInput, SelectField, SelectInput,
  SimpleForm, TextInput,
} from 'react-admin';
import { ROLES } from '../../domain/roles';
import { choicesOf } from '../../resources/choices';
import { config } from '../../resources/users/screens';
import { ResourceEdit } from '../crud/ResourceEdit';
import { RoleChips } from './RoleChips';
import { mayChangeUsers, sessionUserId } from './sessionUser';

const USER_TYPES = choicesOf(['admin', 'contributor'], 'userType');

/**
 * A user's edit screen (issue 16), with the fields the session may write as the server decides them: a
 * super admin changes everything; anyone else only their own name, phone and language, and reads their
 * e-mail, type, roles and state. Another user's record is only read (their page).
 */
export function UserEdit() {
  const { id } = useParams();
  const superAdmin = mayChangeUsers();
  if (!superAdmin && sessionUserId() !== Number(id)) return <Navigate to={`/users/${encodeURIComponent(id ?? '')}/show`} replace />;
  const form = (
    <SimpleForm warnWhenUnsavedChanges>
      {!superAdmin && (
        <Labeled source="email">
          <EmailField source="email" />
        </Labeled>
      )}
      <TextInput source="firstName" validate={[required(), maxLength(100)]} />
      <TextInput source="lastName" validate={[required(), maxLength(100)]} />
      {superAdmin && <TextInput source="email" type="email" validate={[required(), email(), maxLength(180)]} />}
      <TextInput source="phone" validate={maxLength(30)} />
      <SelectInput source="locale" choices={choicesOf(['fr', 'en'], 'locale')} />
      {superAdmin ? <SelectInput source="type" choices={USER_TYPES} validate={required()} /> : (
        <Labeled source="type">
          <SelectField source="type" choices={USER_TYPES} />
        </Labeled>
      )}
      {superAdmin ? <SelectArrayInput source="roles" choices={choicesOf(ROLES, 'role')} /> : (
        <Labeled source="roles">
          <RoleChips />
        </Labeled>
      )}
      {superAdmin ? <BooleanInput source="enabled" /> : (
        <Labeled source="enabled">
          <BooleanField source="enabled" />
        </Labeled>
      )}
    </SimpleForm>
  );
  return <ResourceEdit config={config} form={form} />;
}
