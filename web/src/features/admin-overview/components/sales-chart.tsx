import { formatRupees } from '@shop/shared';
import { useEffect, useRef, type RefObject } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesPoint } from './sales-points';

/** "₹12k", "₹1.2L": short enough for an axis on a phone. */
function axisRupees(value: number): string {
  if (Math.abs(value) >= 1_00_000) return `₹${(value / 1_00_000).toFixed(1).replace(/\.0$/, '')}L`;
  if (Math.abs(value) >= 1000) return `₹${(value / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `₹${value}`;
}

type Props = { points: SalesPoint[]; measure: 'revenue' | 'orders'; color: string };

/**
 * One measure as bars. Drawn for the eye only: the same figures are in the
 * table beside it, which screen readers are pointed to (the chart's label).
 * This file, and the chart library with it, loads only with the overview.
 */
export default function SalesChart({ points, measure, color }: Props) {
  const chartRef = useRef<HTMLDivElement>(null);
  useNoTabStops(chartRef);
  return (
    <div ref={chartRef}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="short" tick={{ fontSize: 12, fill: '#334155' }} minTickGap={12} tickLine={false} />
          <YAxis
            width={56}
            tick={{ fontSize: 12, fill: '#334155' }}
            tickFormatter={measure === 'revenue' ? axisRupees : undefined}
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            formatter={(value) =>
              measure === 'revenue'
                ? [formatRupees(Number(value)), 'Revenue']
                : [String(value), 'Paid orders']
            }
            labelFormatter={(_label, payload) => String(payload[0]?.payload?.label ?? '')}
          />
          <Bar dataKey={measure} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Chromium puts recharts 3's layers (a bare <g> per z-index, drawn into later) in the Tab order:
 * unnamed stops inside a chart hidden from screen readers. Each is taken out as it appears;
 * tabindex -1 leaves the bars' hover (the tooltip) as it is, which `inert` would not.
 */
function useNoTabStops(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const chart = ref.current;
    if (!chart) return;
    const untab = () =>
      chart
        .querySelectorAll('g[class*="recharts-zIndex-layer"]:not([tabindex])')
        .forEach((layer) => layer.setAttribute('tabindex', '-1'));
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(chart, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}
