// A bar chart of one monthly series as SVG: the image has a title and a description (its range and highest
// value), each bar its own title; the numbers themselves are in the dashboard's table for screen readers.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface ChartPoint {
  label: string;
  value: number;
  /** The value as the reader sees it ('$1,200.00'). */
  text: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 24;

export function MonthlyChart({
  title,
  description,
  points,
  color,
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  color: string;
}) {
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const slot = WIDTH / Math.max(points.length, 1);
  const barWidth = slot * 0.6;
  const plot = HEIGHT - AXIS;
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
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} stroke="currentColor" strokeOpacity={0.4} />
        {points.map((p, i) => {
          const h = max > 0 ? (p.value / max) * (plot - 8) : 0;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={p.label} data-testid="chart-bar">
              <rect x={x} y={plot - h} width={barWidth} height={h} fill={color}>
                <title>{`${p.label}: ${p.text}`}</title>
              </rect>
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
