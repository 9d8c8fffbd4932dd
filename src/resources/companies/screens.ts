import { screensOf } from '../../custom/crud/screensOf';
import { companies } from '../../domain/contracts';
import { lazyComponent } from '../../custom/lazyComponent';

const StructureDataActions = lazyComponent(() =>
  import('../../custom/structures/StructureDataActions').then((module) => module.StructureDataActions),
);

/** The standard screens of companies (the structures): their fields as the API serves them (API.md, Resources). */
export const config = screensOf(companies, {
  fields: [
    { source: 'name', column: true },
    { source: 'siret', column: true },
    { source: 'email' },
    { source: 'phone' },
    { source: 'address' },
    { source: 'postcode' },
    { source: 'city', column: true },
    { source: 'country' },
    { source: 'timeZone' },
    { source: 'status', column: true, filter: 'alwaysOn' },
    { source: 'activatedAt', column: true },
    { source: 'createdAt' },
    { source: 'updatedAt' },
  ],
  // Platform staff's export and deletion of the structure (the component shows nothing to anyone else).
  showActions: StructureDataActions,
});
