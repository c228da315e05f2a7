import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

import type { NamedCount } from '@/types/api';

import { chartLabel } from '../lib/figures';
import type { TrendSeries } from '../lib/trend';

// Only what the home charts draw, so the echarts chunk stays small; this module is loaded lazily. SVG:
// the values written on the charts stay sharp at any zoom and are text a browser test can read.
echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** The colour of each alarm kind, the same in every chart. */
export const KIND_COLORS: Record<string, string> = {
  gas: '#f5222d',
  offline: '#8c8c8c',
  fault: '#eb2f96',
  lowBattery: '#faad14',
};

const PALETTE = ['#3f85f5', '#52c41a', '#fa8c16', '#13c2c2', '#722ed1', '#eb2f96', '#faad14', '#2f54eb', '#a0d911', '#8c8c8c'];

export interface TrendChartProps {
  trend: TrendSeries;
  /** The translated name of each kind. */
  kindName: (kind: string) => string;
  height: number;
  /** 万 or ×10⁴: the values written on the chart follow the display rule of counts (formatCount). */
  wanUnit: string;
}

const TOTAL_ID = 'total';

interface AxisParam {
  seriesId?: string;
  seriesName?: string;
  marker?: unknown;
  value?: unknown;
  axisValueLabel?: string;
}

/** The day and each kind's count, without the total's label carrier. */
function trendTooltip(params: AxisParam | AxisParam[]): string {
  const list = Array.isArray(params) ? params : [params];
  const lines = list
    .filter((p) => p.seriesId !== TOTAL_ID)
    .map((p) => `${typeof p.marker === 'string' ? p.marker : ''}${p.seriesName ?? ''}: ${String(p.value ?? '')}`);
  return [list[0]?.axisValueLabel ?? '', ...lines].join('<br/>');
}

/**
 * Alarms per day, stacked by kind: each kind's count inside its part of the bar (hidden where it would
 * overlap another), the day's total above the bar.
 */
export function TrendChart({ trend, kindName, height, wanUnit }: TrendChartProps) {
  const option = useMemo(() => {
    const totals = trend.days.map((_, i) => trend.series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
    return {
      animation: false,
      color: PALETTE,
      grid: { left: 8, right: 8, top: 44, bottom: 8, containLabel: true },
      legend: { top: 0, type: 'scroll' as const, data: trend.series.map((s) => kindName(s.kind)) },
      tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const }, formatter: trendTooltip },
      xAxis: {
        type: 'category' as const,
        data: trend.days.map((d) => d.slice(5)),
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: 'value' as const, minInterval: 1 },
      labelLayout: { hideOverlap: true },
      series: [
        ...trend.series.map((s) => ({
          name: kindName(s.kind),
          type: 'bar' as const,
          stack: 'alarms',
          data: s.data,
          barMaxWidth: 28,
          itemStyle: KIND_COLORS[s.kind] ? { color: KIND_COLORS[s.kind] } : undefined,
          label: { show: true, position: 'inside' as const, fontSize: 11, fontWeight: 'bold' as const, color: '#fff', formatter: (p: { value?: unknown }) => chartLabel(p.value, wanUnit) },
        })),
        // The day's total: an empty bar on top of the stack that only carries the label.
        {
          id: TOTAL_ID,
          type: 'bar' as const,
          stack: 'alarms',
          data: totals.map(() => 0),
          barMaxWidth: 28,
          silent: true,
          tooltip: { show: false },
          label: {
            show: true,
            position: 'top' as const,
            fontSize: 12,
            fontWeight: 'bold' as const,
            color: 'rgba(0, 0, 0, 0.75)',
            formatter: (p: { dataIndex: number }) => chartLabel(totals[p.dataIndex], wanUnit),
          },
        },
      ],
    };
  }, [trend, kindName, wanUnit]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'svg' }} />;
}

export interface GroupChartProps {
  groups: NamedCount[];
  /** The name of the count (数量 / Count) in the tooltip. */
  countName: string;
  height: number;
  wanUnit: string;
}

/** Devices per group as a doughnut (device types): few groups, shares matter. */
export function GroupPie({ groups, countName, height, wanUnit }: GroupChartProps) {
  const option = useMemo(
    () => ({
      animation: false,
      color: PALETTE,
      tooltip: { trigger: 'item' as const, formatter: '{b}<br/>' + countName + ': {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' as const },
      series: [
        {
          type: 'pie' as const,
          radius: ['34%', '56%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          // The count by each slice (the legend names them), outside where it stays readable on a phone.
          label: { show: true, position: 'outside' as const, formatter: (p: { value?: unknown }) => chartLabel(p.value, wanUnit), fontSize: 12, fontWeight: 'bold' as const, color: 'rgba(0, 0, 0, 0.75)' },
          labelLine: { show: true, length: 6, length2: 6 },
          data: groups.map((g) => ({ name: g.name, value: g.count })),
        },
      ],
    }),
    [groups, countName, wanUnit],
  );
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'svg' }} />;
}

/** Devices per group as horizontal bars, largest on top (provinces). */
export function GroupBars({ groups, countName, height, wanUnit }: GroupChartProps) {
  const option = useMemo(() => {
    const ordered = [...groups].reverse();
    return {
      animation: false,
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
      xAxis: { type: 'value' as const, minInterval: 1 },
      yAxis: { type: 'category' as const, data: ordered.map((g) => g.name), axisLabel: { width: 96, overflow: 'truncate' as const } },
      series: [
        {
          name: countName,
          type: 'bar' as const,
          data: ordered.map((g) => g.count),
          barMaxWidth: 20,
          itemStyle: { color: '#3f85f5' },
          label: { show: true, position: 'right' as const, fontSize: 12, fontWeight: 'bold' as const, color: 'rgba(0, 0, 0, 0.75)', formatter: (p: { value?: unknown }) => chartLabel(p.value, wanUnit) },
        },
      ],
    };
  }, [groups, countName, wanUnit]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'svg' }} />;
}
