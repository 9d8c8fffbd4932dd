import { companies } from '../../../src/domain/contracts/companies.ts';
import { declareResource } from '../declare.ts';

export const companiesDeclaration = declareResource(companies, {
  table: 'companies',
  constraints: {
    // The trigger of migration 0027 reports an unknown zone as this check.
    companies_time_zone_check: {
      field: 'timeZone',
      message: 'This value is not a time zone PostgreSQL knows (an IANA name such as Europe/Paris).',
    },
  },
});
