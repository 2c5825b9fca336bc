import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popover, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../api/channels.ts';
import { splitList } from './channel-display.ts';

export interface ModelTestPickerProps {
  channel: Pick<ChannelView, 'id' | 'models' | 'test_model'>;
  testing: boolean;
  /** Empty model: the channel's test model (or its first model). */
  onTest: (model: string) => void;
}

/** The row's test button, and beside it a searchable list of the channel's models to test one of them. */
export function ModelTestPicker({ channel, testing, onTest }: ModelTestPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const models = useMemo(() => splitList(channel.models), [channel.models]);
  const shown = models.filter((model) => model.toLowerCase().includes(filter.trim().toLowerCase()));
  const defaultModel = channel.test_model?.trim() || models[0] || '';

  const pick = (model: string) => {
    setOpen(false);
    setFilter('');
    onTest(model);
  };

  const content = (
    <Space orientation="vertical" size={8} style={{ width: 260 }}>
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('channels.test.searchModel')}
        aria-label={t('channels.test.searchModel')}
        data-testid={`channel-test-search-${channel.id}`}
      />
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channels.test.noModels')} />
      ) : (
        <div
          style={{ maxHeight: 280, overflowY: 'auto' }}
          role="listbox"
          aria-label={t('channels.test.pickModel')}
        >
          {shown.map((model) => (
            <Button
              key={model}
              type="text"
              block
              size="small"
              role="option"
              aria-selected={model === defaultModel}
              style={{ textAlign: 'left', justifyContent: 'flex-start' }}
              onClick={() => pick(model)}
              data-testid={`channel-test-model-${channel.id}-${model}`}
            >
              <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                {model}
              </Typography.Text>
              {model === defaultModel && (
                <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                  {t('channels.test.defaultMark')}
                </Typography.Text>
              )}
            </Button>
          ))}
        </div>
      )}
    </Space>
  );

  return (
    <Space.Compact size="small">
      <Button
        size="small"
        loading={testing}
        onClick={() => onTest('')}
        data-testid={`channel-test-${channel.id}`}
      >
        {t('channels.actions.test')}
      </Button>
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        title={t('channels.test.pickModel')}
        content={content}
        placement="bottomLeft"
      >
        <Button
          size="small"
          icon={<DownOutlined />}
          disabled={testing}
          aria-label={t('channels.test.pickModel')}
          data-testid={`channel-test-models-${channel.id}`}
        />
      </Popover>
    </Space.Compact>
  );
}
