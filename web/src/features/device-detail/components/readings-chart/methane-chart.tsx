import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDateTime, formatMethane } from '@/lib/format';
import type { DeviceParams } from '@/types/api';

import { axisMax, toChartSeries, thresholdLines, type AlarmPeriod } from '../../lib/chart-series';
import type { ReadingStatistic } from '../../types';

// Only what this chart draws, so the echarts chunk stays small.
echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

const COLORS = { min: '#52c41a', avg: '#3f85f5', max: '#fa8c16', low: '#faad14', high: '#f5222d' };
// Alarm periods behind the lines: light enough that the lines stay readable.
const AREA_COLORS = { low: 'rgba(250, 173, 20, 0.14)', high: 'rgba(245, 34, 45, 0.16)' };

export interface MethaneChartProps {
  statistic: ReadingStatistic;
  thresholds: DeviceParams | undefined;
  /** Gas alarm periods within the statistic's range, shaded. */
  alarms: readonly AlarmPeriod[];
  height: number;
}

/**
 * Methane min / avg / max per time bucket with the device's alarm thresholds as labelled dashed lines and
 * its gas alarms as shaded periods, zoomable
 * (wheel or pinch inside, the slider below). Resizes with its container. Loaded lazily: echarts is a
 * chunk of its own.
 */
export default function MethaneChart({ statistic, thresholds, alarms, height }: MethaneChartProps) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const series = toChartSeries(statistic);
    const lines = thresholdLines(thresholds);
    const unit = (v: unknown) => (typeof v === 'number' ? `${formatMethane(v)} %LEL` : '-');
    // An alarm period is named only when it is wide enough for its name; a sliver keeps its colour alone.
    const span = Math.max(1, statistic.to - statistic.from);
    const line = (name: string, data: typeof series.avg, color: string, width: number) => ({
      name,
      type: 'line' as const,
      data,
      showSymbol: data.length < 2,
      symbolSize: 4,
      connectNulls: false,
      lineStyle: { width, color },
      itemStyle: { color },
    });
    return {
      animation: false,
      grid: { left: 8, right: 16, top: 40, bottom: 56, containLabel: true },
      legend: { top: 0, data: [t('deviceDetail.chart.min'), t('deviceDetail.chart.avg'), t('deviceDetail.chart.max')] },
      tooltip: {
        trigger: 'axis',
        valueFormatter: unit,
        axisPointer: { type: 'line' },
      },
      xAxis: {
        type: 'time',
        min: statistic.from,
        max: statistic.to,
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: 'value', name: '%LEL', min: 0, max: axisMax(series, lines) },
      dataZoom: [
        { type: 'inside', filterMode: 'none' },
        { type: 'slider', filterMode: 'none', height: 18, bottom: 8, labelFormatter: (v: number) => formatDateTime(v, 'MM-DD HH:mm') },
      ],
      series: [
        {
          ...line(t('deviceDetail.chart.min'), series.min, COLORS.min, 1),
          markArea: {
            silent: true,
            data: alarms.map((a) => [
              {
                xAxis: a.from,
                itemStyle: { color: AREA_COLORS[a.level] },
                label: {
                  show: (a.to - a.from) / span >= 0.08,
                  position: 'insideTop' as const,
                  color: COLORS[a.level],
                  formatter: t(a.level === 'high' ? 'deviceDetail.chart.highAlarm' : 'deviceDetail.chart.lowAlarm'),
                },
              },
              { xAxis: a.to },
            ]),
          },
        },
        {
          ...line(t('deviceDetail.chart.avg'), series.avg, COLORS.avg, 2),
          markLine: {
            silent: true,
            symbol: 'none',
            data: lines.map((l) => ({
              yAxis: l.value,
              lineStyle: { color: COLORS[l.level], type: 'dashed' as const, width: 1.5 },
              label: {
                position: 'insideEndTop' as const,
                color: COLORS[l.level],
                formatter: t(l.level === 'high' ? 'deviceDetail.chart.highThreshold' : 'deviceDetail.chart.lowThreshold', {
                  value: l.value.toFixed(1),
                }),
              },
            })),
          },
        },
        line(t('deviceDetail.chart.max'), series.max, COLORS.max, 1),
      ],
    };
  }, [statistic, thresholds, alarms, t]);

  return (
    <div role="img" aria-label={t('deviceDetail.chart.label')} data-testid="methane-chart">
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'canvas' }} />
    </div>
  );
}
