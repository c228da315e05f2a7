import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import type { CommandStatus } from '@/types/api';

const COLORS: Record<CommandStatus, string> = {
  pending: 'default',
  sent: 'processing',
  acknowledged: 'success',
  failed: 'error',
  timedOut: 'warning',
  expired: 'default',
};

/** A queued command's status: pending, sent, acknowledged, failed, timedOut or expired. */
export function CommandStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = COLORS[status as CommandStatus] ?? 'default';
  return <Tag color={color}>{t(`deviceDetail.commands.statuses.${status}`, { defaultValue: status })}</Tag>;
}
