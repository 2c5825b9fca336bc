/** Pieces of the filter forms of the log screens: the responsive field grid and a date-time field. */
import { DatePicker, Form } from 'antd';

export const DATE_TIME_FILTER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** One filter field per row on phones, two on tablets, three or four on wide screens. */
export const FILTER_FIELD_COLUMN = { xs: 24, sm: 12, lg: 8, xl: 6 };

export interface DateTimeFilterItemProps {
  /** The form field holding a Dayjs (or null when cleared). */
  name: string;
  label: string;
  testId: string;
}

/** A date-and-time picker as a form item; the label doubles as the placeholder. */
export function DateTimeFilterItem({ name, label, testId }: DateTimeFilterItemProps) {
  return (
    <Form.Item name={name} label={label}>
      <DatePicker
        showTime
        format={DATE_TIME_FILTER_FORMAT}
        placeholder={label}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
