import { SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, type FormInstance, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ChannelFilter,
  DateTimeFilter,
  FilterField,
  FilterForm,
  TextFilter,
} from '../../components/FilterForm.tsx';
import { LOG_TYPE_OPTIONS } from './log-display.ts';
import type { LogFilterValues } from './log-filter-values.ts';

export interface LogFilterFormProps {
  form: FormInstance<LogFilterValues>;
  initialValues: LogFilterValues;
  /** Admins also filter by channel id and username. */
  admin: boolean;
  searching: boolean;
  onSearch: (values: LogFilterValues) => void;
  onReset: () => void;
  onOpenColumns: () => void;
}

/** Filters of the usage log; the page applies them when Search is pressed. */
export function LogFilterForm(props: LogFilterFormProps) {
  const { t } = useTranslation();
  const typeOptions = LOG_TYPE_OPTIONS.map((option) => ({ value: option.value, label: t(option.key) }));
  const buttons = (
    <Space wrap>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SearchOutlined />}
        loading={props.searching}
        data-testid="logs-search"
      >
        {t('logs.filter.search')}
      </Button>
      <Button onClick={props.onReset} data-testid="logs-reset">
        {t('logs.filter.reset')}
      </Button>
      <Button icon={<SettingOutlined />} onClick={props.onOpenColumns} data-testid="logs-columns">
        {t('logs.columnSettings.button')}
      </Button>
    </Space>
  );

  return (
    <FilterForm<LogFilterValues>
      form={props.form}
      initialValues={props.initialValues}
      onSearch={props.onSearch}
      testIdPrefix="logs"
      buttons={buttons}
    >
      <TextFilter
        name="tokenName"
        id="token"
        texts={[t('logs.filter.token'), t('logs.filter.tokenPlaceholder')]}
      />
      <TextFilter
        name="modelName"
        id="model"
        texts={[t('logs.filter.model'), t('logs.filter.modelPlaceholder')]}
      />
      <DateTimeFilter name="start" label={t('logs.filter.start')} />
      <DateTimeFilter name="end" label={t('logs.filter.end')} />
      <TextFilter
        name="group"
        id="group"
        texts={[t('logs.filter.group'), t('logs.filter.groupPlaceholder')]}
      />
      <FilterField name="type" id="type" label={t('logs.filter.type')}>
        {(testId) => <Select options={typeOptions} data-testid={testId} />}
      </FilterField>
      {props.admin && (
        <>
          <ChannelFilter texts={[t('logs.filter.channel'), t('logs.filter.channelPlaceholder')]} />
          <TextFilter
            name="username"
            id="username"
            texts={[t('logs.filter.username'), t('logs.filter.usernamePlaceholder')]}
          />
        </>
      )}
    </FilterForm>
  );
}
