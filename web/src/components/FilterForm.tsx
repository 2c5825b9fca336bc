/**
 * The filter form of the log screens (usage, drawing and task logs): labels above the fields, the fields
 * in a responsive grid, the buttons below. Test ids are `<prefix>-filters` for the form and
 * `<prefix>-filter-<id>` for each field.
 */
import { Col, DatePicker, Form, type FormInstance, Input, InputNumber, Row } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';

export const DATE_TIME_FILTER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** One filter field per row on phones, two on tablets, three or four on wide screens. */
export const FILTER_FIELD_COLUMN = { xs: 24, sm: 12, lg: 8, xl: 6 };

const FilterTestIdPrefix = createContext('filter');

function useFilterTestId(id: string): string {
  return `${useContext(FilterTestIdPrefix)}-filter-${id}`;
}

export interface FilterFormProps<Values> {
  form: FormInstance<Values>;
  initialValues: Values;
  onSearch: (values: Values) => void;
  testIdPrefix: string;
  /** The filter fields. */
  children: ReactNode;
  /** Search, reset and any further buttons. */
  buttons: ReactNode;
}

export function FilterForm<Values>(props: FilterFormProps<Values>) {
  return (
    <Form<Values>
      form={props.form}
      initialValues={props.initialValues as Record<string, unknown>}
      onFinish={props.onSearch}
      layout="vertical"
      data-testid={`${props.testIdPrefix}-filters`}
    >
      <FilterTestIdPrefix.Provider value={props.testIdPrefix}>
        <Row gutter={[12, 0]}>{props.children}</Row>
      </FilterTestIdPrefix.Provider>
      {props.buttons}
    </Form>
  );
}

export interface FilterFieldProps {
  /** The form field. */
  name: string;
  /** The end of the test id. */
  id: string;
  label: string;
  /** The field, e.g. a Select; its test id comes from `testId`. */
  children: (testId: string) => ReactNode;
}

/** A field of the grid. */
export function FilterField({ name, id, label, children }: FilterFieldProps) {
  const testId = useFilterTestId(id);
  return (
    <Col {...FILTER_FIELD_COLUMN}>
      <Form.Item name={name} label={label}>
        {children(testId)}
      </Form.Item>
    </Col>
  );
}

export interface TextFilterProps {
  name: string;
  id: string;
  /** The label and the placeholder. */
  texts: readonly [label: string, placeholder: string];
}

export function TextFilter({ name, id, texts }: TextFilterProps) {
  return (
    <FilterField name={name} id={id} label={texts[0]}>
      {(testId) => <Input allowClear placeholder={texts[1]} data-testid={testId} />}
    </FilterField>
  );
}

/** A channel id (admins): a whole number from 1, or empty for every channel. */
export function ChannelFilter({ texts }: { texts: readonly [label: string, placeholder: string] }) {
  return (
    <FilterField name="channel" id="channel" label={texts[0]}>
      {(testId) => (
        <InputNumber
          min={1}
          precision={0}
          placeholder={texts[1]}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      )}
    </FilterField>
  );
}

/** A date and time (a Dayjs, or null when cleared); the label doubles as the placeholder. */
export function DateTimeFilter({ name, label }: { name: string; label: string }) {
  return (
    <FilterField name={name} id={name} label={label}>
      {(testId) => (
        <DatePicker
          showTime
          format={DATE_TIME_FILTER_FORMAT}
          placeholder={label}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      )}
    </FilterField>
  );
}
