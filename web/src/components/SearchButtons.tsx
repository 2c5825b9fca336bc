/** The submit and reset buttons of a list page's search form (test ids `<prefix>-search-submit|reset`). */
import { Button, Form, Space } from 'antd';

export interface SearchButtonsProps {
  testIdPrefix: string;
  submitLabel: string;
  resetLabel: string;
  onReset: () => void;
}

export function SearchButtons({ testIdPrefix, submitLabel, resetLabel, onReset }: SearchButtonsProps) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid={`${testIdPrefix}-search-submit`}>
          {submitLabel}
        </Button>
        <Button onClick={onReset} data-testid={`${testIdPrefix}-search-reset`}>
          {resetLabel}
        </Button>
      </Space>
    </Form.Item>
  );
}
