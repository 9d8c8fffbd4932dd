import { useEffect, useRef, useState } from 'react';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import { frFRLocalText } from '@mui/x-charts/locales';
import { useLocaleState } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useFigureFormat } from './figureFormat';

export interface ReportSeries {
  id: string;
  label: string;
  data: readonly number[];
  /** Shares in percent (the axis then ends at 100). */
  percent?: boolean;
  /** The palette colour of its bars. */
  color: 'primary' | 'success' | 'error' | 'warning' | 'info';
}

// A bar's thickness and the gap between categories, in pixels: the chart grows with its categories.
const BAR = 22;
const CATEGORY_GAP = 14;
const AXES = 70;
// The longest category name an axis writes (the tooltip and the table say it whole).
const TICK_CHARS = 22;

const shortened = (text: string, chars = TICK_CHARS) =>
  text.length > chars ? `${text.slice(0, Math.max(1, chars - 1))}…` : text;
// About the width of a character of a tick label, and what the value axis and the margins take, in pixels.
const CHAR_PX = 7;
const VALUE_AXIS_PX = 60;

/** How many of its neighbours (itself included) share each label: a group's label spans them all. */
function spans(labels: readonly string[]): number[] {
  const lengths: number[] = [];
  for (let start = 0; start < labels.length;) {
    let end = start;
    while (end + 1 < labels.length && labels[end + 1] === labels[start]) end += 1;
    for (let index = start; index <= end; index += 1) lengths.push(end - start + 1);
    start = end + 1;
  }
  return lengths;
}

/**
 * A bar chart of the reports: one bar a series for each category (a course, a week, a structure), as tall as
 * its categories need, in the user's language. A bar is a way to the learners it counts: a click, or Enter on
 * the bar the arrow keys reach, opens `linkOf(series, index)`. Courses read better as horizontal bars (their
 * names on the left, never slanted); weeks as columns.
 */
export function ReportBarChart({
  title,
  categories,
  ticks = categories,
  groups,
  series,
  layout = 'horizontal',
  linkOf,
}: {
  /** The chart's name. */
  title: string;
  /** Each category's name, whole (the tooltip's). */
  categories: readonly string[];
  /** Each category's name on the axis, when shorter than its whole name. */
  ticks?: readonly string[];
  /**
   * Rows of labels under the columns' names, one label a category, neighbours of the same label written
   * once across them: a funnel's chapters under their module. Columns only.
   */
  groups?: readonly (readonly string[])[];
  series: readonly ReportSeries[];
  layout?: 'horizontal' | 'vertical';
  linkOf: (series: string, index: number) => string | undefined;
}) {
  const theme = useTheme();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const format = useFigureFormat();
  // The chart's width, for its groups' labels to fit the columns they span.
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element || !groups || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [groups]);
  const fitting = (labels: readonly string[]) => {
    const lengths = spans(labels);
    const column = width > 0 ? (width - VALUE_AXIS_PX) / Math.max(1, labels.length) : 0;
    return labels.map((label, index) =>
      shortened(label, column > 0 ? Math.floor((lengths[index] * column) / CHAR_PX) : TICK_CHARS),
    );
  };
  const percent = series.every((item) => item.percent);
  const valueAxis = {
    min: 0,
    // Counts are whole: no axis of a few learners reads 0, 0, 1, 1.
    tickMinStep: percent ? undefined : 1,
    ...(percent ? { max: 100 } : {}),
    valueFormatter: (value: number) => (percent ? format.percent(value) : format.count(value)),
  };
  // The categories by their rank: two courses may bear the same title, and a band axis needs distinct values.
  const bandAxis = {
    scaleType: 'band' as const,
    data: categories.map((_, index) => index),
    valueFormatter: (index: number, context: { location: string }) =>
      context.location === 'tick' ? shortened(ticks[index] ?? '') : (categories[index] ?? ''),
    ...(groups
      ? {
          groups: [ticks, ...groups].map(fitting).map((labels) => ({
            getValue: (_: unknown, index: number) => labels[index] ?? '',
          })),
        }
      : {}),
  };
  const horizontal = layout === 'horizontal';
  // The names' column: narrower on a phone, where the bars need the width.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const height = horizontal
    ? categories.length * (series.length * BAR + CATEGORY_GAP) + AXES + (series.length > 1 ? 30 : 0)
    : 300 + (groups?.length ?? 0) * 24;
  return (
    // Named by a figure around it: the chart's own `title` lands on an element of role "none", which may
    // not be named (axe's aria-prohibited-attr).
    <Box ref={box} role="figure" aria-label={title} sx={{ minWidth: 0 }}>
      <BarChart
        layout={layout}
        height={height}
        localeText={locale === 'fr' ? frFRLocalText : undefined}
        experimentalFeatures={{ keyboardActivation: true }}
        hideLegend={series.length < 2}
        grid={horizontal ? { vertical: true } : { horizontal: true }}
        xAxis={[horizontal ? valueAxis : { ...bandAxis, tickLabelMinGap: 8 }]}
        yAxis={[horizontal ? { ...bandAxis, width: phone ? 110 : 170 } : { ...valueAxis, width: 48 }]}
        series={series.map((item) => ({
          id: item.id,
          label: item.label,
          data: [...item.data],
          color: theme.palette[item.color].main,
          valueFormatter: (value: number | null) =>
            value === null ? '' : item.percent ? format.percent(value) : format.count(value),
        }))}
        onItemClick={(_, item) => {
          const to = linkOf(String(item.seriesId), item.dataIndex);
          if (to) navigate(to);
        }}
        sx={{ [`& .${barClasses.element}`]: { cursor: 'pointer' } }}
      />
    </Box>
  );
}
