import {
  AlertOutlined,
  ApartmentOutlined,
  BellOutlined,
  DatabaseOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  HddOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatCount, type Figure, type FigureKey } from '../lib/figures';

const ICONS: Record<FigureKey, ReactNode> = {
  companies: <ApartmentOutlined />,
  devices: <HddOutlined />,
  online: <WifiOutlined />,
  offline: <DisconnectOutlined />,
  alarm: <AlertOutlined />,
  fault: <ToolOutlined />,
  lowBattery: <ThunderboltOutlined />,
  readingsToday: <DatabaseOutlined />,
  alarmsToday: <BellOutlined />,
  alarmsUnhandled: <ExclamationCircleOutlined />,
};

const TONES = { danger: '#f5222d', warning: '#fa8c16', success: '#52c41a' } as const;

/** One card per figure the answer carries; two per row on a phone. */
export function StatCards({ figures }: { figures: Figure[] }) {
  const { t } = useTranslation();
  const wan = t('format.wan');
  return (
    <section aria-label={t('home.figuresLabel')}>
      <Row gutter={[12, 12]}>
        {figures.map((f) => {
          const title = t(`home.figures.${f.key}`);
          const color = f.tone && f.value > 0 ? TONES[f.tone] : undefined;
          return (
            <Col key={f.key} xs={12} sm={8} md={6} xl={4} xxl={4}>
              <Card size="small" className="home-figure" data-figure={f.key}>
                <div role="group" aria-label={title}>
                  <div style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 13, display: 'flex', gap: 6, alignItems: 'center' }}>
                    <span style={color ? { color } : undefined} aria-hidden>
                      {ICONS[f.key]}
                    </span>
                    {title}
                  </div>
                  <div data-testid={`figure-${f.key}`} style={{ fontSize: 24, fontWeight: 600, lineHeight: 1.4, marginTop: 4, color }}>
                    {formatCount(f.value, wan)}
                  </div>
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
