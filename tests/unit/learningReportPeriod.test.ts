import { describe, expect, it } from 'vitest';
import { presetOf, presetPeriod, reportParamsOf, searchOfReport } from '../../src/custom/learningReports/reportPeriod';
import { CHART_MAX_CATEGORIES, chartedRows } from '../../src/custom/learningReports/reportColumns';
import { tableCsv } from '../../src/custom/learningReports/tableCsv';
import { CSV_BOM, CSV_LINE_END } from '../../src/domain/csvExport';

/** The "Suivi" page's periods on fixed days, a chart's CSV and which rows its bars draw. */

// A Wednesday in the second quarter, at local noon: "today" is the user's own day.
const today = new Date(2026, 4, 13, 12);

describe('the periods of the reports', () => {
  it('names the last 30 days with today, this quarter and this year so far', () => {
    expect(presetPeriod('last_30_days', today)).toEqual({ from: '2026-04-14', to: '2026-05-13' });
    expect(presetPeriod('quarter', today)).toEqual({ from: '2026-04-01', to: '2026-05-13' });
    expect(presetPeriod('year', today)).toEqual({ from: '2026-01-01', to: '2026-05-13' });
    // The first quarter's first month, and the year's first day, are their own quarter's start.
    expect(presetPeriod('quarter', new Date(2026, 0, 1, 12))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('tells a preset from a period chosen by its ends', () => {
    expect(presetOf({ from: '2026-04-01', to: '2026-05-13' }, today)).toBe('quarter');
    expect(presetOf({ from: '2026-04-02', to: '2026-05-13' }, today)).toBeUndefined();
  });

  it('reads the narrowing from the address and writes it back, the first preset by default', () => {
    const chosen = { from: '2026-02-01', to: '2026-03-31', course: 12 };
    expect(reportParamsOf(searchOfReport(chosen), today)).toEqual(chosen);
    expect(reportParamsOf(new URLSearchParams(), today)).toEqual(presetPeriod('last_30_days', today));
    // Ends the wrong way round, a malformed day or course: the default period, no course.
    for (const search of ['from=2026-03-31&to=2026-02-01', 'from=2026-3-1&to=2026-03-31&course=x'])
      expect(reportParamsOf(new URLSearchParams(search), today)).toEqual(presetPeriod('last_30_days', today));
  });
});

describe("a chart's CSV", () => {
  it('heads its columns as the table does, commas in its shares, formulas guarded', () => {
    const rows = [
      { title: 'Chimie', rate: 66.66 },
      { title: '=HYPERLINK("x")', rate: 100 },
    ];
    const csv = tableCsv(
      [
        { key: 'title', label: 'Formation', value: (row: (typeof rows)[number]) => row.title },
        { key: 'rate', label: 'Taux de complétion', value: (row: (typeof rows)[number]) => row.rate, percent: true },
      ],
      rows,
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(CSV_BOM.length).split(CSV_LINE_END)).toEqual([
      'Formation;Taux de complétion',
      'Chimie;66,7',
      `"'=HYPERLINK(""x"")";100`,
      '',
    ]);
  });
});

describe("a chart's bars", () => {
  it('draws the heaviest rows only, in the table’s order, when there are too many', () => {
    const rows = Array.from({ length: CHART_MAX_CATEGORIES + 5 }, (_, index) => ({ index, weight: index % 7 }));
    const charted = chartedRows(rows, (row) => row.weight);
    expect(charted).toHaveLength(CHART_MAX_CATEGORIES);
    expect(charted.map((row) => row.index)).toEqual([...charted.map((row) => row.index)].sort((a, b) => a - b));
    const lightestKept = Math.min(...charted.map((row) => row.weight));
    expect(rows.filter((row) => !charted.includes(row)).every((row) => row.weight <= lightestKept)).toBe(true);
    expect(chartedRows(rows.slice(0, 3), (row) => row.weight)).toEqual(rows.slice(0, 3));
  });
});
