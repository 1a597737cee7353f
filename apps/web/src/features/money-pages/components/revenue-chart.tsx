import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { dollarsText } from '@pirouette/domain';
import { useId } from 'react';
import {
  axisMoney,
  CATEGORY_COLORS,
  type RevenueChart as Chart,
  categoryLabel,
  type RevenueMonth,
  yearMarks,
} from '../lib/revenue-chart';

type Props = { chart: Chart; height?: number };

/** Room for the scale's figures on the left and the months' names under the bars. */
const LEFT = 52;
const RIGHT = 8;
const TOP = 18;
const BOTTOM = 38;
/** Before the first measure (and in tests, where nothing is measured). */
const FALLBACK_WIDTH = 640;

const monthSummary = (m: RevenueMonth) =>
  m.segments.length === 0
    ? `${m.name}: no revenue`
    : `${m.name}: ${dollarsText(m.total)} (${m.segments
        .map((s) => `${categoryLabel(s.category)} ${dollarsText(s.total)}`)
        .join(', ')})`;

/** The kinds shown, each with its colour. */
function Legend({ chart }: { chart: Chart }) {
  return (
    <Group gap="md" wrap="wrap" aria-hidden="true">
      {chart.categories.map((c) => (
        <Group key={c} gap={6} wrap="nowrap" data-testid="legend-item">
          <Box w={12} h={12} style={{ borderRadius: 3, background: CATEGORY_COLORS[c] }} />
          <Text size="xs">{categoryLabel(c)}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * Revenue by month and kind as stacked bars, drawn in SVG at the width it is given: the scale in round
 * steps on the left, a bar a month, each kind a colour (the legend above). A screen reader hears each
 * month's total and parts, and a table of the same figures.
 */
export function RevenueChart({ chart, height = 260 }: Props) {
  const { ref, width: measured } = useElementSize();
  const titleId = useId();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const plotW = Math.max(10, width - LEFT - RIGHT);
  const plotH = height - TOP - BOTTOM;
  const range = chart.max - chart.min || 1;
  const y = (v: number) => TOP + ((chart.max - v) / range) * plotH;
  const slot = plotW / Math.max(1, chart.months.length);
  const barW = Math.max(6, Math.min(44, slot * 0.62));
  // On a phone the months' names are a letter wide apart: every other one is named.
  const every = slot < 30 ? 2 : 1;
  const yearUnder = yearMarks(chart.months, every);
  // Wide enough, each bar says its total above it.
  const showTotals = slot >= 48;
  const summary = `Revenue by month for the ${chart.months.length} months from ${chart.months[0]?.name ?? ''} to ${chart.months.at(-1)?.name ?? ''}`;

  return (
    <Stack gap="sm">
      <Legend chart={chart} />
      <Box ref={ref} w="100%">
        <svg
          width={width}
          height={height}
          role="img"
          aria-labelledby={titleId}
          style={{ display: 'block', overflow: 'visible' }}
          data-testid="revenue-chart"
        >
          <title id={titleId}>{summary}</title>
          {chart.ticks.map((t) => (
            <g key={t}>
              <line
                x1={LEFT}
                x2={LEFT + plotW}
                y1={y(t)}
                y2={y(t)}
                stroke={t === 0 ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-gray-2)'}
                strokeWidth={1}
              />
              <text
                x={LEFT - 8}
                y={y(t)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {axisMoney(t)}
              </text>
            </g>
          ))}
          {chart.months.map((m, i) => {
            const cx = LEFT + slot * i + slot / 2;
            return (
              <g key={m.month} data-testid="revenue-month" aria-label={monthSummary(m)}>
                <title>{monthSummary(m)}</title>
                {/* The whole column answers the pointer, so a thin or empty month still shows its figures. */}
                <rect x={cx - slot / 2} y={TOP} width={slot} height={plotH} fill="transparent" />
                {m.segments.map((s) => {
                  const top = y(Math.max(s.from, s.to));
                  const h = Math.abs(y(s.from) - y(s.to));
                  return (
                    <rect
                      key={s.category}
                      x={cx - barW / 2}
                      y={top}
                      width={barW}
                      height={Math.max(h, 0.5)}
                      fill={CATEGORY_COLORS[s.category]}
                      data-category={s.category}
                    />
                  );
                })}
                {showTotals && m.segments.length > 0 && (
                  <text
                    x={cx}
                    y={y(Math.max(0, ...m.segments.map((s) => Math.max(s.from, s.to)))) - 5}
                    textAnchor="middle"
                    fontSize={10}
                    fontWeight={600}
                    fill="var(--mantine-color-dimmed)"
                  >
                    {axisMoney(m.total)}
                  </text>
                )}
                {i % every === 0 && (
                  <text
                    x={cx}
                    y={TOP + plotH + 16}
                    textAnchor="middle"
                    fontSize={11}
                    fill="var(--mantine-color-text)"
                  >
                    {m.label}
                  </text>
                )}
                {yearUnder.has(i) && (
                  <text
                    x={cx}
                    y={TOP + plotH + 30}
                    textAnchor="middle"
                    fontSize={10}
                    fill="var(--mantine-color-dimmed)"
                  >
                    {yearUnder.get(i)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {chart.categories.map((c) => (
                <th key={c} scope="col">
                  {categoryLabel(c)}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {chart.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.name}</th>
                {chart.categories.map((c) => (
                  <td key={c}>{dollarsText(m.segments.find((s) => s.category === c)?.total ?? 0)}</td>
                ))}
                <td>{dollarsText(m.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
