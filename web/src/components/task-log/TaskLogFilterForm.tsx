import { Col, Form, type FormInstance, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeFilterItem, FILTER_FIELD_COLUMN } from '../DateTimeFilterItem.tsx';
import { SearchButtons } from '../SearchButtons.tsx';
import type { TaskLogFilterValues } from './task-log-filters.ts';

export interface TaskLogFilterFormProps {
  form: FormInstance<TaskLogFilterValues>;
  initialValues: TaskLogFilterValues;
  /** Admins also filter by channel id. */
  admin: boolean;
  /** Label and placeholder of the upstream id field (drawing task ID, task ID). */
  idLabel: string;
  idPlaceholder: string;
  /** Test ids are `<prefix>-filter-channel|id|start|end` and `<prefix>-search-submit|reset`. */
  testIdPrefix: string;
  onSearch: (values: TaskLogFilterValues) => void;
  onReset: () => void;
}

/** Filters of the drawing log and the task log; the page applies them when Search is pressed. */
export function TaskLogFilterForm(props: TaskLogFilterFormProps) {
  const { t } = useTranslation();
  const prefix = props.testIdPrefix;
  return (
    <Form<TaskLogFilterValues>
      form={props.form}
      initialValues={props.initialValues}
      onFinish={props.onSearch}
      layout="vertical"
      data-testid={`${prefix}-filters`}
    >
      <Row gutter={[12, 0]}>
        {props.admin && (
          <Col {...FILTER_FIELD_COLUMN}>
            <Form.Item name="channel" label={t('taskLog.filter.channel')}>
              <InputNumber
                min={1}
                precision={0}
                placeholder={t('taskLog.filter.channelPlaceholder')}
                style={{ width: '100%' }}
                data-testid={`${prefix}-filter-channel`}
              />
            </Form.Item>
          </Col>
        )}
        <Col {...FILTER_FIELD_COLUMN}>
          <Form.Item name="upstreamId" label={props.idLabel}>
            <Input allowClear placeholder={props.idPlaceholder} data-testid={`${prefix}-filter-id`} />
          </Form.Item>
        </Col>
        <Col {...FILTER_FIELD_COLUMN}>
          <DateTimeFilterItem
            name="start"
            label={t('taskLog.filter.start')}
            testId={`${prefix}-filter-start`}
          />
        </Col>
        <Col {...FILTER_FIELD_COLUMN}>
          <DateTimeFilterItem name="end" label={t('taskLog.filter.end')} testId={`${prefix}-filter-end`} />
        </Col>
      </Row>
      <SearchButtons
        testIdPrefix={prefix}
        submitLabel={t('taskLog.filter.search')}
        resetLabel={t('taskLog.filter.reset')}
        onReset={props.onReset}
      />
    </Form>
  );
}
