import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, SUPPORTED_LANGUAGES } from '../../i18n/index.ts';

/** 中文 / English; i18next stores the choice as localStorage `i18nextLng`. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const items = SUPPORTED_LANGUAGES.map((language: Language) => ({
    key: language,
    label: <span data-testid={`language-${language}`}>{t(`language.${language}`)}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [currentLanguage()],
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      <Button
        type="text"
        shape="circle"
        icon={<TranslationOutlined />}
        aria-label={t('language.menu')}
        data-testid="language-menu"
      />
    </Dropdown>
  );
}
