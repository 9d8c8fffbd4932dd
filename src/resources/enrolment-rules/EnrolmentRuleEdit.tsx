import { TopToolbar } from 'react-admin';
import { ResourceEdit } from '../../custom/crud/ResourceEdit';
import { RuleApplyButton } from '../../custom/enrolment/RuleApplyButton';
import { config } from './screens';

/** A rule's edit form, with « Appliquer aux membres actuels » above it (the rule as saved, previewed first). */
export function EnrolmentRuleEdit() {
  return (
    <ResourceEdit
      config={config}
      actions={
        <TopToolbar>
          <RuleApplyButton />
        </TopToolbar>
      }
    />
  );
}
