import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModelsTab } from './ModelsTab.tsx';
import { VendorsTab } from './VendorsTab.tsx';

/** Route /models (administrators): the model catalogue, new-api's 模型管理 page (docs/model-catalogue.md). */
export function ModelsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('catalogue.title')}>
      <Tabs
        items={[
          { key: 'models', label: t('catalogue.models.tab'), children: <ModelsTab /> },
          {
            key: 'vendors',
            label: <span data-testid="catalogue-vendors-tab">{t('catalogue.vendors.tab')}</span>,
            children: <VendorsTab />,
          },
        ]}
      />
    </Card>
  );
}
