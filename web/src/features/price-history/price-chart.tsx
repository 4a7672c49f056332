import type { PricePoint } from '@pharmaradar/shared/price-history.schema';
import { Price } from '../../lib/ui/price';

// A small inline SVG step chart of one shop's daily prices: no chart library (JS budget). The chart
// is drawn for sighted users only (aria-hidden); its words and the table beside it say the same. Its
// axes are text beside the drawing (the SVG stretches to the width, which would stretch its letters):
// the highest and lowest prices drawn on the left, the window's first and last days below.

const WIDTH = 300;
const HEIGHT = 72;
const PAD = 4;

const dayNumber = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / 86_400_000;

export interface PriceChartProps {
  points: readonly PricePoint[];
  /** First and last day of the window: the x axis. */
  from: string;
  to: string;
  /** Drawn as a dashed line: the shop's lowest price of the last 30 days. */
  low30: number | null;
  /** A day as the reader's short date: the x axis's two labels. */
  dayText: (day: string) => string;
}

export function PriceChart({ points, from, to, low30, dayText }: PriceChartProps) {
  if (points.length === 0) return null;
  const start = dayNumber(from);
  const span = Math.max(1, dayNumber(to) - start);
  const prices = points.map((p) => p.price);
  const min = Math.min(...prices, low30 ?? Infinity);
  const max = Math.max(...prices);
  const range = max - min || 1;
  const x = (day: string) => PAD + ((dayNumber(day) - start) / span) * (WIDTH - 2 * PAD);
  const y = (price: number) => HEIGHT - PAD - ((price - min) / range) * (HEIGHT - 2 * PAD);
  // A step line: each price holds until the next observed day; the last one runs to today.
  let path = `M${x(points[0]!.day).toFixed(1)},${y(points[0]!.price).toFixed(1)}`;
  for (let i = 1; i < points.length; i++) {
    path += `H${x(points[i]!.day).toFixed(1)}V${y(points[i]!.price).toFixed(1)}`;
  }
  path += `H${x(to).toFixed(1)}`;
  return (
    <div className="price-chart-frame" aria-hidden="true">
      <span className="price-chart__y price-chart__y--max" data-testid="price-chart-max">
        <Price amount={max} />
      </span>
      <span className="price-chart__y price-chart__y--min" data-testid="price-chart-min">
        <Price amount={min} />
      </span>
      <svg
        className="price-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
        data-testid="price-chart"
      >
        {low30 !== null && (
          <line
            className="price-chart__low"
            x1={PAD}
            x2={WIDTH - PAD}
            y1={y(low30)}
            y2={y(low30)}
            vectorEffect="non-scaling-stroke"
          />
        )}
        <path className="price-chart__line" d={path} vectorEffect="non-scaling-stroke" />
      </svg>
      <span className="price-chart__x" data-testid="price-chart-days">
        <span>{dayText(from)}</span>
        <span>{dayText(to)}</span>
      </span>
    </div>
  );
}
