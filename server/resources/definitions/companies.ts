import { companies } from '../../../src/domain/contracts/companies.ts';
import { declareResource } from '../declare.ts';

export const companiesDeclaration = declareResource(companies, { table: 'companies' });
