import { Navigate, useParams } from 'react-router-dom';
import { BooleanField, EmailField, Labeled, SelectField, SimpleForm } from 'react-admin';
import { choicesOf } from '../../custom/crud/choices';
import { inputOf } from '../../custom/crud/fieldInput';
import { ResourceEdit } from '../../custom/crud/ResourceEdit';
import { RoleChips } from '../../custom/people/RoleChips';
import { givableRoles, mayChangeUsers, sessionUserId } from '../../custom/people/sessionUser';
import { config } from './screens';

const typeSpec = config.fields.find((field) => field.source === 'type')!;
const USER_TYPES = choicesOf(typeSpec.choices ?? [], typeSpec.choiceGroup ?? 'type');

/**
 * A user's edit screen, with the fields the session may write as the server decides them: whoever
 * changes users (a structure's administrators, platform staff) changes everything but what is above their
 * rank (the server answers 404 for a user above it); anyone else only their own name, phone and language,
 * and reads their e-mail, type, roles and state. Another user's record is only read (their page).
 */
export function UserEdit() {
  const { id } = useParams();
  const mayChange = mayChangeUsers();
  const roleChoices = choicesOf(givableRoles(), 'role');
  if (!mayChange && sessionUserId() !== Number(id))
    return <Navigate to={`/users/${encodeURIComponent(id ?? '')}/show`} replace />;
  const form = (
    <SimpleForm warnWhenUnsavedChanges>
      {!mayChange && (
        <Labeled source="email">
          <EmailField source="email" />
        </Labeled>
      )}
      {inputOf(config, 'firstName')}
      {inputOf(config, 'lastName')}
      {mayChange && inputOf(config, 'email')}
      {inputOf(config, 'phone')}
      {inputOf(config, 'locale')}
      {mayChange ? (
        inputOf(config, 'type')
      ) : (
        <Labeled source="type">
          <SelectField source="type" choices={USER_TYPES} />
        </Labeled>
      )}
      {mayChange ? (
        inputOf(config, 'roles', { choices: roleChoices })
      ) : (
        <Labeled source="roles">
          <RoleChips />
        </Labeled>
      )}
      {/* Who a user is for the enrolment rules and the enrolments by tag or skill: an administrator's say. */}
      {mayChange && inputOf(config, 'tags')}
      {mayChange && inputOf(config, 'skills')}
      {mayChange ? (
        inputOf(config, 'enabled')
      ) : (
        <Labeled source="enabled">
          <BooleanField source="enabled" />
        </Labeled>
      )}
    </SimpleForm>
  );
  return <ResourceEdit config={config} form={form} />;
}
