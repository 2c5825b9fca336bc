/** The channel page's search fields, mode switches, page-wide buttons and batch-action menu. */
import { DeleteOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LabeledSwitch } from '../../components/LabeledSwitch.tsx';
import { AddButton, SearchField, SearchSuggestField } from '../../components/list-page/ListPage.tsx';
import { DeleteButton } from '../../components/list-page/RowActions.tsx';
import { GroupSearchField } from '../users/GroupFields.tsx';
import { useEnabledModels } from './use-channels.ts';

export interface ChannelSearch {
  keyword: string;
  model: string;
  group: string;
}

export const emptySearch: ChannelSearch = { keyword: '', model: '', group: '' };

/** The applied search of the form's values: keyword and model trimmed, the group as chosen. */
export function toChannelSearch(values: Partial<ChannelSearch>): ChannelSearch {
  return {
    keyword: values.keyword?.trim() ?? '',
    model: values.model?.trim() ?? '',
    group: values.group ?? '',
  };
}

/** Keyword, model (suggesting the models of enabled channels) and group; inside the page's ListToolbar. */
export function ChannelsSearchFields() {
  const { t } = useTranslation();
  const modelsQuery = useEnabledModels();
  return (
    <>
      <SearchField
        name="keyword"
        icon
        width={240}
        texts={[t('channels.search.keyword'), t('channels.search.keywordPlaceholder')]}
      />
      <SearchSuggestField
        name="model"
        width={200}
        texts={[t('channels.search.model'), t('channels.search.modelPlaceholder')]}
        suggestions={modelsQuery.data ?? []}
      />
      <GroupSearchField
        width={160}
        texts={[t('channels.search.group'), t('channels.search.groupPlaceholder')]}
      />
    </>
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
        <LabeledSwitch
          key={name}
          size="small"
          label={labels[name]}
          checked={checked}
          onChange={onChange}
          testId={testId}
        />
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
      <AddButton label={t('channels.toolbar.add')} onClick={props.onAdd} testId="channels-add" />
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
      <DeleteButton
        look="toolbar"
        label={t('channels.toolbar.deleteDisabled')}
        confirmTitle={t('channels.toolbar.deleteDisabledConfirm')}
        confirmDescription={t('channels.toolbar.deleteDisabledDescription')}
        confirmLabel={t('channels.actions.delete')}
        cancelLabel={t('channels.actions.cancel')}
        onConfirm={props.onDeleteDisabled}
        loading={props.deletingDisabled}
        testId="channels-delete-disabled"
        confirmTestId="channels-delete-disabled-confirm"
      />
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
