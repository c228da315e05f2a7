import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
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

import { axisMax, toChartSeries, thresholdLines } from '../../lib/chart-series';
import type { ReadingStatistic } from '../../types';

// Only what this chart draws, so the echarts chunk stays small.
echarts.use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

const COLORS = { min: '#52c41a', avg: '#3f85f5', max: '#fa8c16', low: '#faad14', high: '#f5222d' };

export interface MethaneChartProps {
  statistic: ReadingStatistic;
  thresholds: DeviceParams | undefined;
  height: number;
}

/**
 * Methane min / avg / max per time bucket with the device's alarm thresholds as dashed lines, zoomable
 * (wheel or pinch inside, the slider below). Resizes with its container. Loaded lazily: echarts is a
 * chunk of its own.
 */
export default function MethaneChart({ statistic, thresholds, height }: MethaneChartProps) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const series = toChartSeries(statistic);
    const lines = thresholdLines(thresholds);
    const unit = (v: unknown) => (typeof v === 'number' ? `${formatMethane(v)} %LEL` : '-');
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
        line(t('deviceDetail.chart.min'), series.min, COLORS.min, 1),
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
  }, [statistic, thresholds, t]);

  return (
    <div role="img" aria-label={t('deviceDetail.chart.label')} data-testid="methane-chart">
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ width: '100%', height }} opts={{ renderer: 'canvas' }} />
    </div>
  );
}
