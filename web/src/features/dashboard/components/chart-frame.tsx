import { Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';

/** A chart's place: an accessible image of `label`, a spinner while the echarts chunk loads. */
export function ChartFrame({ label, height, children }: { label: string; height: number; children: ReactNode }) {
  const spinner = (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin />
    </div>
  );
  return (
    <div role="img" aria-label={label} style={{ minHeight: height }}>
      <Suspense fallback={spinner}>{children}</Suspense>
    </div>
  );
}
