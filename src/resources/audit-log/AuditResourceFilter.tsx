import { useMemo } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { isAudited } from '../../domain/audit';
import { CONTRACTS } from '../../domain/contracts';

/** The journal's filter by type of record: every audited resource, by its French name, alphabetically. */
export function AuditResourceFilter(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const choices = useMemo(
    () =>
      CONTRACTS.filter((contract) => isAudited(contract.name))
        .map((contract) => ({
          id: contract.name,
          name: translate(`resources.${contract.name}.name`, { smart_count: 1 }),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [translate],
  );
  return (
    <SelectInput {...props} label="resources.audit-log.fields.resource" choices={choices} translateChoice={false} />
  );
}
