import { SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Col, Form, type FormInstance, Input, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DateTimeFilterItem,
  FILTER_FIELD_COLUMN as fieldColumn,
} from '../../components/DateTimeFilterItem.tsx';
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

/** Filters of the usage log (spec §2 "Usage log"); the page applies them when Search is pressed. */
export function LogFilterForm(props: LogFilterFormProps) {
  const { t } = useTranslation();
  const typeOptions = LOG_TYPE_OPTIONS.map((option) => ({ value: option.value, label: t(option.key) }));

  return (
    <Form<LogFilterValues>
      form={props.form}
      initialValues={props.initialValues}
      onFinish={props.onSearch}
      layout="vertical"
      data-testid="logs-filters"
    >
      <Row gutter={[12, 0]}>
        <Col {...fieldColumn}>
          <Form.Item name="tokenName" label={t('logs.filter.token')}>
            <Input
              allowClear
              placeholder={t('logs.filter.tokenPlaceholder')}
              data-testid="logs-filter-token"
            />
          </Form.Item>
        </Col>
        <Col {...fieldColumn}>
          <Form.Item name="modelName" label={t('logs.filter.model')}>
            <Input
              allowClear
              placeholder={t('logs.filter.modelPlaceholder')}
              data-testid="logs-filter-model"
            />
          </Form.Item>
        </Col>
        <Col {...fieldColumn}>
          <DateTimeFilterItem name="start" label={t('logs.filter.start')} testId="logs-filter-start" />
        </Col>
        <Col {...fieldColumn}>
          <DateTimeFilterItem name="end" label={t('logs.filter.end')} testId="logs-filter-end" />
        </Col>
        <Col {...fieldColumn}>
          <Form.Item name="group" label={t('logs.filter.group')}>
            <Input
              allowClear
              placeholder={t('logs.filter.groupPlaceholder')}
              data-testid="logs-filter-group"
            />
          </Form.Item>
        </Col>
        <Col {...fieldColumn}>
          <Form.Item name="type" label={t('logs.filter.type')}>
            <Select options={typeOptions} data-testid="logs-filter-type" />
          </Form.Item>
        </Col>
        {props.admin && (
          <>
            <Col {...fieldColumn}>
              <Form.Item name="channel" label={t('logs.filter.channel')}>
                <InputNumber
                  min={1}
                  precision={0}
                  placeholder={t('logs.filter.channelPlaceholder')}
                  style={{ width: '100%' }}
                  data-testid="logs-filter-channel"
                />
              </Form.Item>
            </Col>
            <Col {...fieldColumn}>
              <Form.Item name="username" label={t('logs.filter.username')}>
                <Input
                  allowClear
                  placeholder={t('logs.filter.usernamePlaceholder')}
                  data-testid="logs-filter-username"
                />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
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
    </Form>
  );
}
