import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

import { changeLanguage, LANGUAGES, type Language } from '@/lib/i18n';

const LABELS: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

/** The language switch of the top bar and the sign-in page. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((l) => ({ key: l, label: <span lang={l}>{LABELS[l]}</span> })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('layout.switchLanguage')}: ${LABELS[lang]}`}>
        {LABELS[lang]}
      </Button>
    </Dropdown>
  );
}
