import { countries } from '../../../src/domain/contracts/countries.ts';
import { declareResource } from '../declare.ts';

export const countriesDeclaration = declareResource(countries, {
  table: 'countries',
});
