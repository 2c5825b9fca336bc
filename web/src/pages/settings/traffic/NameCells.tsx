import { DeleteOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The choices of a name cell: the known names, and the cell's own value when it is not one of them. */
function choices(known: readonly string[], value: string) {
  const names = value !== '' && !known.includes(value) ? [value, ...known] : known;
  return names.map((name) => ({ value: name, label: name }));
}

interface NameCellProps {
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

/** A group of the GroupRatio option; a stored group no longer there is still shown. */
export function GroupCell({
  value,
  onChange,
  groups,
  testId,
}: NameCellProps & { groups: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Select
      showSearch
      value={value === '' ? undefined : value}
      placeholder={t('traffic.column.groupPlaceholder')}
      options={choices(groups, value)}
      onChange={onChange}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/** A model name: the enabled models are offered, any other name may be typed (a model not served yet). */
export function ModelCell({
  value,
  onChange,
  models,
  testId,
}: NameCellProps & { models: readonly string[] }) {
  const { t } = useTranslation();
  const needle = value.trim().toLowerCase();
  return (
    <AutoComplete
      value={value}
      placeholder={t('traffic.column.modelPlaceholder')}
      options={choices(models, '').filter((choice) => choice.value.toLowerCase().includes(needle))}
      onChange={onChange}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/**
 * The last column of the traffic tables: a button that removes its row, kept in view while the table
 * scrolls sideways.
 */
export function removeRowColumn<Row extends { id: number }>(
  label: string,
  setRows: (update: (current: Row[]) => Row[]) => void,
  testId: (name: string, index: number) => string,
) {
  return {
    title: '',
    key: 'remove',
    width: 50,
    fixed: 'right' as const,
    render: (_: unknown, row: Row, index: number) => (
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={label}
        onClick={() => setRows((current) => current.filter((existing) => existing.id !== row.id))}
        data-testid={testId('remove', index)}
      />
    ),
  };
}

type UpdateRow<Row> = (id: number, patch: Partial<Row>) => void;
type TestId = (name: string, index: number) => string;

/** The first column of the traffic tables: the row's group, kept in view while the table scrolls. */
export function groupColumn<Row extends { id: number; group: string }>(
  title: string,
  groups: readonly string[],
  update: UpdateRow<Row>,
  testId: TestId,
) {
  return {
    title,
    key: 'group',
    width: 150,
    fixed: 'left' as const,
    render: (_: unknown, row: Row, index: number) => (
      <GroupCell
        value={row.group}
        groups={groups}
        onChange={(group) => update(row.id, { group } as Partial<Row>)}
        testId={testId('group', index)}
      />
    ),
  };
}

/** The model column of the traffic tables. */
export function modelColumn<Row extends { id: number; model: string }>(
  title: string,
  models: readonly string[],
  update: UpdateRow<Row>,
  testId: TestId,
) {
  return {
    title,
    key: 'model',
    width: 210,
    render: (_: unknown, row: Row, index: number) => (
      <ModelCell
        value={row.model}
        models={models}
        onChange={(model) => update(row.id, { model } as Partial<Row>)}
        testId={testId('model', index)}
      />
    ),
  };
}
