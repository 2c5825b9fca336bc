import { Button, Card, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from './copy-with-toast.ts';
import { modelChips } from './model-chips.ts';
import { useUserModels } from './use-personal.ts';

/** The models the user can call, as chips: the first 10, expandable; a click copies the name. */
export function AvailableModelsCard() {
  const { t } = useTranslation();
  const modelsQuery = useUserModels();
  const [expanded, setExpanded] = useState(false);
  const models = modelsQuery.data ?? [];
  const chips = modelChips(models, expanded);

  const body = () => {
    if (modelsQuery.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (modelsQuery.isError)
      return <Typography.Text type="danger">{t('personal.models.loadFailed')}</Typography.Text>;
    if (models.length === 0) return <Empty description={t('personal.models.empty')} />;
    return (
      <>
        <Typography.Paragraph type="secondary">{t('personal.models.hint')}</Typography.Paragraph>
        <Space size={[8, 8]} wrap data-testid="personal-models">
          {chips.shown.map((model) => (
            <Tag
              key={model}
              color="blue"
              style={{ cursor: 'pointer', marginInlineEnd: 0 }}
              onClick={() => copyWithToast(model, t('personal.models.copied', { model }))}
              data-testid="personal-model-chip"
            >
              {model}
            </Tag>
          ))}
          {chips.collapsible && (
            <Button
              type="link"
              size="small"
              onClick={() => setExpanded((value) => !value)}
              data-testid="personal-models-toggle"
            >
              {expanded
                ? t('personal.models.collapse')
                : t('personal.models.expand', { count: chips.hiddenCount })}
            </Button>
          )}
        </Space>
      </>
    );
  };

  return <Card title={t('personal.models.title', { count: models.length })}>{body()}</Card>;
}
