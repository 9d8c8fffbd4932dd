import type { Build } from './build.ts';
import type { LoadResult } from './coldLoad.ts';

export interface MeasuredLoad extends LoadResult {
  /** CPU over the load, ms: the server child, and Chromium with everything else this run started. */
  serverCpuMs?: number;
  browserCpuMs?: number;
  /** CPU other programs of the machine took meanwhile, in % of one core. */
  othersCpuPercent?: number;
}

export interface Subject {
  key: 'app' | 'baseline';
  label: string;
  /** Where the server serves its build. */
  path: string;
  build: Build;
  loads: MeasuredLoad[];
}

export interface SubjectFigures {
  /** gzip bytes of the JS loaded before the first row (median over the loads; it should not vary). */
  initialJsGzipBytes: number;
  initialJsBytes: number;
  /** The bytes of that JS that travelled, compressed as the server sent it, and the encodings it came in. */
  initialJsServedBytes: number;
  initialJsEncodings: string[];
  initialJsFiles: number;
  initialJsFilesMost: number;
  /** Whether some load fetched another set of files before its first row. */
  initialJsVaried: boolean;
  firstRowMs: number[];
  firstRowMedianMs: number;
  documentEndMedianMs: number;
  scriptsEndMedianMs: number;
  listCallStartMedianMs?: number;
  listCallEndMedianMs?: number;
  apiCallsBeforeFirstRow: number;
  /** The most API calls one load made before its first row: the first screen must ask once. */
  apiCallsBeforeFirstRowMost: number;
  browserCpuMedianMs?: number;
  serverCpuMedianMs?: number;
}

export interface Check {
  label: string;
  /** The figure, as printed: a ratio (`0.96x`) or a count. */
  value: string;
  target: string;
  pass: boolean;
}

export interface Summary {
  app: SubjectFigures;
  baseline: SubjectFigures;
  checks: Check[];
}

/** The back-office must beat the one-list app by a margin, not merely match it. */
const TARGET_RATIO = 0.8;
const ONE_CALL = 1;
/** Each file before the first row is a request the page waits on; a handful is what one screen's code needs. */
const MAX_FILES = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function medianOf(values: (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length > 0 ? median(known) : undefined;
}

/** The list's own request: the last call to the collection before the row showed. */
const listCall = (load: LoadResult) => load.apiCalls.filter((call) => /^\/api\/courses\?/.test(call.path)).at(-1);

function figuresOf({ loads }: Subject): SubjectFigures {
  const sum = (load: LoadResult, size: 'bytes' | 'gzipBytes' | 'servedBytes') =>
    load.scripts.reduce((total, script) => total + script[size], 0);
  const sets = new Set(
    loads.map((load) =>
      load.scripts
        .map((script) => script.path)
        .sort()
        .join(' '),
    ),
  );
  return {
    initialJsGzipBytes: median(loads.map((load) => sum(load, 'gzipBytes'))),
    initialJsBytes: median(loads.map((load) => sum(load, 'bytes'))),
    initialJsServedBytes: median(loads.map((load) => sum(load, 'servedBytes'))),
    initialJsEncodings: [...new Set(loads.flatMap((load) => load.scripts.map((script) => script.encoding)))].sort(),
    initialJsFiles: median(loads.map((load) => load.scripts.length)),
    initialJsFilesMost: Math.max(...loads.map((load) => load.scripts.length)),
    initialJsVaried: sets.size > 1,
    firstRowMs: loads.map((load) => Math.round(load.firstRowMs)),
    firstRowMedianMs: median(loads.map((load) => load.firstRowMs)),
    documentEndMedianMs: median(loads.map((load) => load.documentEndMs)),
    scriptsEndMedianMs: median(loads.map((load) => load.scriptsEndMs)),
    listCallStartMedianMs: medianOf(loads.map((load) => listCall(load)?.startMs)),
    listCallEndMedianMs: medianOf(loads.map((load) => listCall(load)?.endMs)),
    apiCallsBeforeFirstRow: median(loads.map((load) => load.apiCalls.length)),
    apiCallsBeforeFirstRowMost: Math.max(...loads.map((load) => load.apiCalls.length)),
    browserCpuMedianMs: medianOf(loads.map((load) => load.browserCpuMs)),
    serverCpuMedianMs: medianOf(loads.map((load) => load.serverCpuMs)),
  };
}

export function summarise(subjects: Subject[]): Summary {
  const app = figuresOf(subjects.find((subject) => subject.key === 'app')!);
  const baseline = figuresOf(subjects.find((subject) => subject.key === 'baseline')!);
  const check = (label: string, ours: number, theirs: number): Check => {
    const ratio = ours / theirs;
    return {
      label,
      value: `${ratio.toFixed(2)}x`,
      target: `<= ${TARGET_RATIO.toFixed(1)}x`,
      pass: ratio <= TARGET_RATIO,
    };
  };
  return {
    app,
    baseline,
    checks: [
      check('initial JS (gzip), back-office / baseline', app.initialJsGzipBytes, baseline.initialJsGzipBytes),
      check('time to first row (median), back-office / baseline', app.firstRowMedianMs, baseline.firstRowMedianMs),
      {
        label: 'JS files before the first row (back-office, most in one load)',
        value: String(app.initialJsFilesMost),
        target: `<= ${MAX_FILES}`,
        pass: app.initialJsFilesMost <= MAX_FILES,
      },
      // A second call is a request the list's own did not find answered: a sort or page the early one missed.
      {
        label: 'one API call before the first row (back-office, most in one load)',
        value: String(app.apiCallsBeforeFirstRowMost),
        target: `= ${ONE_CALL}`,
        pass: app.apiCallsBeforeFirstRowMost === ONE_CALL,
      },
    ],
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)} ms`);
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

/** What each app loaded before its first row, in its first counted load, with what each file holds. */
function printFiles(subject: Subject): void {
  const load = subject.loads[0];
  console.log(`\n${subject.label}: JS before the first row (load 1), in order of request`);
  for (const script of [...load.scripts].sort((a, b) => a.startMs - b.startMs)) {
    const file = script.path.replace(/^.*?(assets\/)/, '$1');
    const holds = subject.build.chunks.get(file) ?? '?';
    console.log(
      `  ${pad(file, 40)} ${padLeft(kB(script.gzipBytes), 9)} gzip ${padLeft(kB(script.servedBytes), 9)} ${pad(script.encoding, 4)} ${padLeft(ms(script.startMs), 8)} → ${padLeft(ms(script.endMs), 8)}  ${holds}`,
    );
  }
  for (const call of load.apiCalls)
    console.log(`  ${pad(call.path, 70)} ${padLeft(ms(call.startMs), 8)} → ${padLeft(ms(call.endMs), 8)}`);
}

export function printReport(subjects: Subject[], summary: Summary, route: string): void {
  const { app, baseline } = summary;
  const rows: [string, (figures: SubjectFigures) => string][] = [
    ['initial JS, gzip', (figures) => kB(figures.initialJsGzipBytes)],
    [
      'initial JS, as served',
      (figures) => `${kB(figures.initialJsServedBytes)} (${figures.initialJsEncodings.join(', ')})`,
    ],
    ['initial JS, raw', (figures) => kB(figures.initialJsBytes)],
    ['JS files before the first row', (figures) => String(figures.initialJsFiles)],
    ['first row, median', (figures) => ms(figures.firstRowMedianMs)],
    ['first row, each load', (figures) => figures.firstRowMs.join(' ')],
    ['  HTML received', (figures) => ms(figures.documentEndMedianMs)],
    ['  last initial JS received', (figures) => ms(figures.scriptsEndMedianMs)],
    [`  list call sent (${route})`, (figures) => ms(figures.listCallStartMedianMs)],
    ['  list call answered', (figures) => ms(figures.listCallEndMedianMs)],
    ['API calls before the first row', (figures) => String(figures.apiCallsBeforeFirstRow)],
    ['  most in one load', (figures) => String(figures.apiCallsBeforeFirstRowMost)],
    ['CPU per load: browser', (figures) => ms(figures.browserCpuMedianMs)],
    ['CPU per load: server', (figures) => ms(figures.serverCpuMedianMs)],
  ];
  console.log(
    `\n${pad('(times from navigation start, medians)', 36)} ${padLeft('back-office', 28)} ${padLeft('baseline', 28)}`,
  );
  for (const [label, value] of rows)
    console.log(`${pad(label, 36)} ${padLeft(value(app), 28)} ${padLeft(value(baseline), 28)}`);
  for (const [label, figures] of [
    ['back-office', app],
    ['baseline', baseline],
  ] as const)
    if (figures.initialJsVaried)
      console.log(`note: the ${label} did not load the same JS files before its first row in every load`);

  for (const subject of subjects) printFiles(subject);

  console.log('\nTargets:');
  for (const check of summary.checks)
    console.log(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.label} = ${check.value} (target ${check.target})`);
}
