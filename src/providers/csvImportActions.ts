import { csvImportPath, type CsvImportResource } from '../domain/csvImport';
import type { HttpClient } from './httpClient';

/** What an import answers: a dry run's count, or the rows created and the users invited. */
export interface CsvImportAnswer {
  dryRun: boolean;
  count: number;
  ids?: number[];
  invited?: number[];
  notInvited?: { id: number; detail: string }[];
}

/**
 * The rows of a CSV file to `POST /api/{resource}/import` (API.md, "CSV import"), as a named method of the
 * dataProvider: a refused row is a 422 whose violations name it (`rows[3].email`).
 */
export function createCsvImportActions(http: HttpClient) {
  return {
    importRows: async (
      resource: CsvImportResource,
      rows: Record<string, unknown>[],
      dryRun: boolean,
    ): Promise<CsvImportAnswer> =>
      (await http(csvImportPath(resource), { method: 'POST', body: JSON.stringify({ rows, dryRun }) }))
        .json as CsvImportAnswer,
  };
}
