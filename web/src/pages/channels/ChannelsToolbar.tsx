/** The channel page's search form, mode switches, page-wide buttons and batch-action menu. */
import {
  DeleteOutlined,
  PlusOutlined,
  SearchOutlined,
  SettingOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { AutoComplete, Button, Form, Input, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchButtons } from '../../components/SearchButtons.tsx';
import { useGroups } from '../users/use-users.ts';
import { useEnabledModels } from './use-channels.ts';

export interface ChannelSearch {
  keyword: string;
  model: string;
  group: string;
}

export const emptySearch: ChannelSearch = { keyword: '', model: '', group: '' };

export interface ChannelsSearchFormProps {
  onSearch: (search: ChannelSearch) => void;
}

export function ChannelsSearchForm({ onSearch }: ChannelsSearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<ChannelSearch>>();
  const groupsQuery = useGroups();
  const modelsQuery = useEnabledModels();
  const groupOptions = (groupsQuery.data ?? []).map((name) => ({ label: name, value: name }));
  const modelOptions = (modelsQuery.data ?? []).map((name) => ({ label: name, value: name }));

  const apply = (values: Partial<ChannelSearch>) =>
    onSearch({
      keyword: values.keyword?.trim() ?? '',
      model: values.model?.trim() ?? '',
      group: values.group ?? '',
    });

  const reset = () => {
    form.resetFields();
    onSearch(emptySearch);
  };

  return (
    <Form form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
      <Form.Item name="keyword">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('channels.search.keywordPlaceholder')}
          aria-label={t('channels.search.keyword')}
          style={{ width: 240 }}
          data-testid="channels-search-keyword"
        />
      </Form.Item>
      <Form.Item name="model">
        <AutoComplete
          options={modelOptions}
          showSearch={{
            filterOption: (input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
          }}
          style={{ width: 200 }}
        >
          <Input
            allowClear
            placeholder={t('channels.search.modelPlaceholder')}
            aria-label={t('channels.search.model')}
            data-testid="channels-search-model"
          />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="group">
        <Select
          allowClear
          showSearch
          options={groupOptions}
          loading={groupsQuery.isLoading}
          placeholder={t('channels.search.groupPlaceholder')}
          aria-label={t('channels.search.group')}
          style={{ width: 160 }}
          data-testid="channels-search-group"
        />
      </Form.Item>
      <SearchButtons
        testIdPrefix="channels"
        submitLabel={t('channels.search.submit')}
        resetLabel={t('channels.search.reset')}
        onReset={reset}
      />
    </Form>
  );
}

export interface ModeSwitchesProps {
  idSort: boolean;
  batchMode: boolean;
  tagMode: boolean;
  onIdSortChange: (value: boolean) => void;
  onBatchModeChange: (value: boolean) => void;
  onTagModeChange: (value: boolean) => void;
}

export function ModeSwitches(props: ModeSwitchesProps) {
  const { t } = useTranslation();
  const entries = [
    ['idSort', props.idSort, props.onIdSortChange, 'channels-id-sort'],
    ['batchMode', props.batchMode, props.onBatchModeChange, 'channels-batch-mode'],
    ['tagMode', props.tagMode, props.onTagModeChange, 'channels-tag-mode'],
  ] as const;
  const labels = {
    idSort: t('channels.modes.idSort'),
    batchMode: t('channels.modes.batchMode'),
    tagMode: t('channels.modes.tagMode'),
  };
  return (
    <Space size="large" wrap>
      {entries.map(([name, checked, onChange, testId]) => (
        <Space key={name} size={6}>
          <Switch
            size="small"
            checked={checked}
            onChange={onChange}
            aria-label={labels[name]}
            data-testid={testId}
          />
          <Typography.Text>{labels[name]}</Typography.Text>
        </Space>
      ))}
    </Space>
  );
}

export interface PageActionsProps {
  onAdd: () => void;
  onTestAll: () => void;
  onUpdateAllBalances: () => void;
  onDeleteDisabled: () => void;
  onFixAbilities: () => void;
  onColumnSettings: () => void;
  testingAll: boolean;
  updatingBalances: boolean;
  deletingDisabled: boolean;
  fixing: boolean;
}

export function PageActions(props: PageActionsProps) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="channels-add">
        {t('channels.toolbar.add')}
      </Button>
      <Button
        icon={<ThunderboltOutlined />}
        loading={props.testingAll}
        onClick={props.onTestAll}
        data-testid="channels-test-all"
      >
        {t('channels.toolbar.testAll')}
      </Button>
      <Button
        loading={props.updatingBalances}
        onClick={props.onUpdateAllBalances}
        data-testid="channels-update-balances"
      >
        {t('channels.toolbar.updateBalances')}
      </Button>
      <Popconfirm
        title={t('channels.toolbar.deleteDisabledConfirm')}
        description={t('channels.toolbar.deleteDisabledDescription')}
        okText={t('channels.actions.delete')}
        cancelText={t('channels.actions.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'channels-delete-disabled-confirm' } }}
        onConfirm={props.onDeleteDisabled}
      >
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={props.deletingDisabled}
          data-testid="channels-delete-disabled"
        >
          {t('channels.toolbar.deleteDisabled')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('channels.toolbar.fixConfirm')}
        description={t('channels.toolbar.fixDescription')}
        okText={t('channels.toolbar.fix')}
        cancelText={t('channels.actions.cancel')}
        okButtonProps={{ ...{ 'data-testid': 'channels-fix-confirm' } }}
        onConfirm={props.onFixAbilities}
      >
        <Button loading={props.fixing} data-testid="channels-fix">
          {t('channels.toolbar.fix')}
        </Button>
      </Popconfirm>
      <Button
        icon={<SettingOutlined />}
        onClick={props.onColumnSettings}
        data-testid="channels-column-settings"
      >
        {t('channels.toolbar.columns')}
      </Button>
    </Space>
  );
}

export interface BatchActionsProps {
  selectedCount: number;
  busy: boolean;
  onDelete: () => void;
  onTag: () => void;
  onEnable: () => void;
  onDisable: () => void;
  onClearSelection: () => void;
}

/** Shown in batch mode: what to do with the selected channels. */
export function BatchActions(props: BatchActionsProps) {
  const { t } = useTranslation();
  return (
    <Space wrap data-testid="channels-batch-actions">
      <Typography.Text type="secondary">
        {t('channels.batch.selected', { count: props.selectedCount })}
      </Typography.Text>
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={props.busy}
        onClick={props.onDelete}
        data-testid="batch-delete"
      >
        {t('channels.batch.delete')}
      </Button>
      <Button disabled={props.busy} onClick={props.onTag} data-testid="batch-tag">
        {t('channels.batch.tag')}
      </Button>
      <Button disabled={props.busy} onClick={props.onEnable} data-testid="batch-enable">
        {t('channels.batch.enable')}
      </Button>
      <Button disabled={props.busy} onClick={props.onDisable} data-testid="batch-disable">
        {t('channels.batch.disable')}
      </Button>
      <Button
        type="link"
        disabled={props.selectedCount === 0}
        onClick={props.onClearSelection}
        data-testid="batch-clear"
      >
        {t('channels.batch.clear')}
      </Button>
    </Space>
  );
}
