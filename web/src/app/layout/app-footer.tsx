import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

import { useSettings } from '@/features/settings/api/get-settings';

function MaybeLink({ href, children }: { href?: string; children: React.ReactNode }) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Copyright, filing number and public-security filing badge, from GET /api/settings. */
export function AppFooter() {
  const { t } = useTranslation();
  const { data } = useSettings();
  if (!data || !(data.copyright || data.icp || data.psb)) return null;
  return (
    <footer className="app-footer" aria-label={t('layout.footer')}>
      {data.copyright && <span>{data.copyright}</span>}
      {data.icp && <MaybeLink href={data.icpLink}>{data.icp}</MaybeLink>}
      {data.psb && (
        <MaybeLink href={data.psbLink}>
          <SafetyCertificateOutlined style={{ marginInlineEnd: 4 }} />
          {data.psb}
        </MaybeLink>
      )}
    </footer>
  );
}
