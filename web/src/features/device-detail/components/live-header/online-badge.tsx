import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online (green) or offline (grey), as the server last decided. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={online ? t('deviceDetail.header.online') : t('deviceDetail.header.offline')}
      data-online={online}
    />
  );
}
