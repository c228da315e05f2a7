import {
  AlertOutlined,
  ApartmentOutlined,
  BellOutlined,
  DatabaseOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  FireOutlined,
  HddOutlined,
  QuestionCircleOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { figureSpans, formatCount, type Figure, type FigureKey } from '../lib/figures';

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
  activeAlarms: <FireOutlined />,
  alarmsUnhandled: <ExclamationCircleOutlined />,
};

/** The figures whose title needs a word on what exactly they count (home.figureHints). */
const HINTED: ReadonlySet<FigureKey> = new Set<FigureKey>(['alarm', 'activeAlarms', 'alarmsUnhandled']);

const TONES = { danger: '#f5222d', warning: '#fa8c16', success: '#52c41a' } as const;

/**
 * One card per figure the answer carries; two per row on a phone. From 1200 px (xl) up the rows are
 * always full (figureSpans), however many figures the user may see.
 */
export function StatCards({ figures }: { figures: Figure[] }) {
  const { t } = useTranslation();
  const wan = t('format.wan');
  const spans = figureSpans(figures.length);
  return (
    <section aria-label={t('home.figuresLabel')}>
      <Row gutter={[12, 12]}>
        {figures.map((f, i) => {
          const title = t(`home.figures.${f.key}`);
          const hint = HINTED.has(f.key) ? t(`home.figureHints.${f.key}`) : undefined;
          const color = f.tone && f.value > 0 ? TONES[f.tone] : undefined;
          return (
            <Col key={f.key} xs={12} sm={8} md={6} xl={spans[i]} xxl={spans[i]}>
              <Card size="small" className="home-figure" data-figure={f.key}>
                <div role="group" aria-label={title}>
                  <div style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 13, display: 'flex', gap: 6, alignItems: 'center' }}>
                    <span style={color ? { color } : undefined} aria-hidden>
                      {ICONS[f.key]}
                    </span>
                    {title}
                    {hint && (
                      <Tooltip title={hint}>
                        <QuestionCircleOutlined aria-label={hint} role="img" tabIndex={0} data-hint={f.key} style={{ fontSize: 12, cursor: 'help' }} />
                      </Tooltip>
                    )}
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
