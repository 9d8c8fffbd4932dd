import { createElement } from 'react';
import type { RaRecord } from 'react-admin';
import { LazyNullableBooleanInput } from '../../custom/crud/lazyInputs';
import { PeriodInput } from '../../custom/crud/PeriodInput';
import { screensOf } from '../../custom/crud/screensOf';
import '../../custom/history/messages';
import { leavesRecordGone } from '../../domain/audit';
import { auditLog } from '../../domain/contracts';
import { AuditChangesField } from './AuditChangesField';
import { AuditLogEmpty } from './AuditLogEmpty';
import { AuditRecordField } from './AuditRecordField';
import { AuditResourceField } from './AuditResourceField';
import { AuditResourceFilter } from './AuditResourceFilter';

/** The record an entry names, to open in the side panel; a deleted or erased record is gone: the entry itself then. */
function recordOfEntry(entry: RaRecord) {
  const { resource, recordId, action } = entry;
  if (typeof resource !== 'string' || typeof recordId !== 'number' || leavesRecordGone(action)) return undefined;
  return { resource, id: recordId };
}

/**
 * The journal's screens: when, who, what was done to which record and which fields, filtered by user,
 * type of record, action and period; a row opens the record it names.
 */
export const config = screensOf(auditLog, {
  fields: [
    { source: 'at', column: true },
    { source: 'userName', column: true },
    { source: 'user', filter: true },
    { source: 'action', column: true, filter: 'alwaysOn' },
    { source: 'resource', column: true, render: AuditResourceField },
    { source: 'record', column: true, render: AuditRecordField },
    { source: 'changes', column: true, render: AuditChangesField },
  ],
  extraFilters: [
    createElement(AuditResourceFilter, { key: 'resource', source: 'resource', alwaysOn: true }),
    createElement(PeriodInput, {
      key: 'after',
      source: 'at.after',
      edge: 'start',
      label: 'resources.audit-log.period_from',
      alwaysOn: true,
    }),
    createElement(PeriodInput, {
      key: 'before',
      source: 'at.before',
      edge: 'end',
      label: 'resources.audit-log.period_to',
      alwaysOn: true,
    }),
    // Sign-ins and sign-outs would drown the changes: left out until asked for.
    createElement(LazyNullableBooleanInput, { key: 'sessions', source: 'sessions', alwaysOn: true }),
  ],
  filterDefaultValues: { sessions: false },
  listEmpty: AuditLogEmpty,
  // On a phone: when (the title), which record and who, the action as its status.
  phoneLine: { facts: ['resource', 'record', 'userName'], status: ['action'] },
  rowOpens: recordOfEntry,
});
