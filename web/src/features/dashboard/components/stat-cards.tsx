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
 * One card per figure the answer carries: two per row on a phone, three from 576 px, four from 768 px, up
 * to six from 1200 px (xl). At every width the rows are full (figureSpans: a last row of fewer figures
 * shares the whole width) and the cards of a row are as tall as the tallest.
 */
export function StatCards({ figures }: { figures: Figure[] }) {
  const { t } = useTranslation();
  const wan = t('format.wan');
  const n = figures.length;
  const wide = figureSpans(n);
  const [xs, sm, md] = [figureSpans(n, 2), figureSpans(n, 3), figureSpans(n, 4)];
  return (
    <section aria-label={t('home.figuresLabel')}>
      <Row gutter={[12, 12]}>
        {figures.map((f, i) => {
          const title = t(`home.figures.${f.key}`);
          const hint = HINTED.has(f.key) ? t(`home.figureHints.${f.key}`) : undefined;
          const color = f.tone && f.value > 0 ? TONES[f.tone] : undefined;
          return (
            <Col key={f.key} xs={xs[i]} sm={sm[i]} md={md[i]} xl={wide[i]} xxl={wide[i]}>
              <Card size="small" className="home-figure" data-figure={f.key} style={{ height: '100%' }}>
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
