import { screensOf } from '../../custom/crud/screensOf';
import { recycleBin } from '../../domain/contracts';
import { BinContentsField, BinEmpty, BinHeader, BinRowActions } from './RecycleBinParts';

/** The bin: what was deleted, by whom and when, until when, with what; restore or erase each, or empty it. */
export const config = screensOf(recycleBin, {
  fields: [
    { source: 'resource', column: true, filter: 'alwaysOn' },
    { source: 'label', column: true },
    { source: 'deletedByName', column: true },
    { source: 'deletedAt', column: true },
    { source: 'expiresAt', column: true },
    { source: 'contents', column: true, render: BinContentsField },
  ],
  listHeader: BinHeader,
  listEmpty: BinEmpty,
  rowActions: BinRowActions,
});
