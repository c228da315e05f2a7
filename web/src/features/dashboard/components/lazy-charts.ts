import { lazy } from 'react';

// echarts is a chunk of its own, loaded when the first home chart shows.
export const TrendChart = lazy(() => import('./home-charts').then((m) => ({ default: m.TrendChart })));
export const GroupPie = lazy(() => import('./home-charts').then((m) => ({ default: m.GroupPie })));
export const GroupBars = lazy(() => import('./home-charts').then((m) => ({ default: m.GroupBars })));
