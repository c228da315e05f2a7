import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

import type { NamedCount } from '@/types/api';

import type { TrendSeries } from '../lib/trend';

// Only what the home charts draw, so the echarts chunk stays small; this module is loaded lazily.
echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

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
}

/** Alarms per day, stacked by kind. */
export function TrendChart({ trend, kindName, height }: TrendChartProps) {
  const option = useMemo(
    () => ({
      animation: false,
      color: PALETTE,
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, type: 'scroll' as const },
      tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
      xAxis: {
        type: 'category' as const,
        data: trend.days.map((d) => d.slice(5)),
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: 'value' as const, minInterval: 1 },
      series: trend.series.map((s) => ({
        name: kindName(s.kind),
        type: 'bar' as const,
        stack: 'alarms',
        data: s.data,
        barMaxWidth: 28,
        itemStyle: KIND_COLORS[s.kind] ? { color: KIND_COLORS[s.kind] } : undefined,
      })),
    }),
    [trend, kindName],
  );
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'canvas' }} />;
}

export interface GroupChartProps {
  groups: NamedCount[];
  /** The name of the count (数量 / Count) in the tooltip. */
  countName: string;
  height: number;
}

/** Devices per group as a doughnut (device types): few groups, shares matter. */
export function GroupPie({ groups, countName, height }: GroupChartProps) {
  const option = useMemo(
    () => ({
      animation: false,
      color: PALETTE,
      tooltip: { trigger: 'item' as const, formatter: '{b}<br/>' + countName + ': {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' as const },
      series: [
        {
          type: 'pie' as const,
          radius: ['38%', '62%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: groups.map((g) => ({ name: g.name, value: g.count })),
        },
      ],
    }),
    [groups, countName],
  );
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'canvas' }} />;
}

/** Devices per group as horizontal bars, largest on top (provinces). */
export function GroupBars({ groups, countName, height }: GroupChartProps) {
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
          label: { show: true, position: 'right' as const },
        },
      ],
    };
  }, [groups, countName]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'canvas' }} />;
}
