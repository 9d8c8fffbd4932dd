import { TIME_ZONE_MAX_LENGTH } from '../releases';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const COMPANY_STATUSES = ['pending', 'active'] as const;

export const companies = defineContract({
  name: 'companies',
  type: 'Company',
  description: 'A structure: a client of the platform, with its people, its content and its plan.',
  fields: {
    name: { kind: 'string', maxLength: 255, required: true },
    siret: { kind: 'string', maxLength: 14 },
    email: { kind: 'string', format: 'email', maxLength: 180 },
    phone: { kind: 'string', maxLength: 30 },
    address: { kind: 'string', maxLength: 255 },
    postcode: { kind: 'string', maxLength: 10 },
    city: { kind: 'string', maxLength: 100 },
    country: { kind: 'relation', target: 'countries' },
    /** Where its people read and write dates (release dates): an IANA name PostgreSQL knows. */
    timeZone: { kind: 'string', format: 'timeZone', maxLength: TIME_ZONE_MAX_LENGTH },
    status: { kind: 'enum', values: COMPANY_STATUSES, choiceGroup: 'companyStatus', readOnly: true },
    activatedAt: { kind: 'datetime', readOnly: true },
  },
  filters: ['status'],
  search: true,
  order: ['name', 'city', 'status', 'createdAt'],
  defaultOrder: [['name', 'asc']],
  rights: rightsOf('companies'),
  // Structures sign up (onboarding) or are invited; they are not created nor deleted here.
  operations: ['list', 'get', 'update'],
});
