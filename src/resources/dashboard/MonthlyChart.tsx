// A bar chart of one monthly series as SVG: the image has a title and a description (its range and highest
// value), each bar its own title (shown on hover) and its value written over it, and the value axis is marked at
// the highest value and its half; the numbers themselves are in the dashboard's table for screen readers.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface ChartPoint {
  label: string;
  value: number;
  /** The value as the reader sees it ('$1,200.00'). */
  text: string;
  /** The value where room is short, over its bar ('$1.2K'). */
  short: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 24;
/** Room left of the bars for the value axis's marks, and above them for the values. */
const LEFT = 52;
const TOP = 16;

export function MonthlyChart({
  title,
  description,
  points,
  color,
  axisText,
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  color: string;
  /** How a mark of the value axis is written ('$1.2K'). */
  axisText: (n: number) => string;
}) {
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const slot = (WIDTH - LEFT) / Math.max(points.length, 1);
  const barWidth = slot * 0.6;
  const plot = HEIGHT - AXIS;
  const heightOf = (v: number) => (max > 0 ? (v / max) * (plot - TOP) : 0);
  const marks = max > 0 ? [max, max / 2] : [];
  return (
    <Box component="figure" sx={{ m: 0, flex: '1 1 320px', minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle1" id={`${id}-caption`}>
        {title}
      </Typography>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1={LEFT} x2={WIDTH} y1={plot} y2={plot} stroke="currentColor" strokeOpacity={0.4} />
        {marks.map((m) => (
          <g key={m} data-testid="chart-mark">
            <line
              x1={LEFT}
              x2={WIDTH}
              y1={plot - heightOf(m)}
              y2={plot - heightOf(m)}
              stroke="currentColor"
              strokeOpacity={0.15}
            />
            <text x={LEFT - 6} y={plot - heightOf(m) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {axisText(m)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const h = heightOf(p.value);
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <g key={p.label} data-testid="chart-bar">
              <rect x={x} y={plot - h} width={barWidth} height={h} fill={color}>
                <title>{`${p.label}: ${p.text}`}</title>
              </rect>
              {p.value > 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={plot - h - 4}
                  textAnchor="middle"
                  fontSize={10}
                  fill="currentColor"
                >
                  {p.short}
                </text>
              ) : null}
              <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill="currentColor">
                {p.label.split(' ')[0]}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
