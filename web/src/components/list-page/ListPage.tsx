/** The frame of a list page: its card, the toolbar with the search form and the page's buttons. */
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Form, Input, Select, Space } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { SearchButtons } from '../SearchButtons.tsx';
import type { SearchForm } from '../use-list-state.ts';

export interface ListPageProps {
  title: ReactNode;
  /** The page's content, stacked: hints, toolbar or filters, table. */
  children: ReactNode;
  /** Drawers and dialogs the page opens. */
  overlays?: ReactNode;
  /** The test id of the card. */
  testId?: string;
}

export function ListPage({ title, children, overlays, testId }: ListPageProps) {
  return (
    <Card title={title} data-testid={testId}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {children}
      </Space>
      {overlays}
    </Card>
  );
}

export interface ListToolbarProps<Values> {
  search: SearchForm<Values>;
  /** Test ids of the buttons are `<prefix>-search-submit|reset`, of the fields `<prefix>-search-<name>`. */
  testIdPrefix: string;
  /** The texts of the search and reset buttons. */
  labels: readonly [submit: string, reset: string];
  /** The search fields. */
  children: ReactNode;
  /** The page's own buttons, at the right (add, bulk actions). */
  actions: ReactNode;
}

/** The inline search form at the left, the page's buttons at the right; both wrap on narrow screens. */
export function ListToolbar<Values>({
  search,
  testIdPrefix,
  labels,
  children,
  actions,
}: ListToolbarProps<Values>) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between' }}>
      <Form<Values> form={search.form} layout="inline" onFinish={search.search} style={{ rowGap: 8 }}>
        <ToolbarTestIdPrefix.Provider value={testIdPrefix}>{children}</ToolbarTestIdPrefix.Provider>
        <SearchButtons
          testIdPrefix={testIdPrefix}
          submitLabel={labels[0]}
          resetLabel={labels[1]}
          onReset={search.reset}
        />
      </Form>
      {actions}
    </div>
  );
}

export interface AddButtonProps {
  label: string;
  onClick: () => void;
  testId: string;
}

/** The page's primary button that opens the form for a new row. */
export function AddButton({ label, onClick, testId }: AddButtonProps) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/** The test-id prefix of the toolbar a search field is in. */
const ToolbarTestIdPrefix = createContext('list');

export interface SearchFieldProps {
  /** The form field, also the end of the test id. */
  name: string;
  /** The accessible name and the placeholder. */
  texts: readonly [label: string, placeholder: string];
  width: number;
  /** Shows a magnifier in front (the main search field). */
  icon?: boolean;
}

/** A text field of a list page's search form; its test id is `<toolbar prefix>-search-<name>`. */
export function SearchField({ name, texts, width, icon }: SearchFieldProps) {
  const testIdPrefix = useContext(ToolbarTestIdPrefix);
  return (
    <Form.Item name={name}>
      <Input
        allowClear
        prefix={icon ? <SearchOutlined /> : undefined}
        placeholder={texts[1]}
        aria-label={texts[0]}
        style={{ width, maxWidth: '100%' }}
        data-testid={`${testIdPrefix}-search-${name}`}
      />
    </Form.Item>
  );
}

export interface SearchSelectFieldProps extends SearchFieldProps {
  options: { label: string; value: string }[];
  loading: boolean;
}

/** A searchable choice of a list page's search form (e.g. the group); test id as for SearchField. */
export function SearchSelectField({ name, texts, width, options, loading }: SearchSelectFieldProps) {
  const testIdPrefix = useContext(ToolbarTestIdPrefix);
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        showSearch
        options={options}
        loading={loading}
        placeholder={texts[1]}
        aria-label={texts[0]}
        style={{ width }}
        data-testid={`${testIdPrefix}-search-${name}`}
      />
    </Form.Item>
  );
}

export interface SearchSuggestFieldProps extends Omit<SearchFieldProps, 'icon'> {
  /** Values suggested while typing (those containing the typed text, ignoring case); any text is allowed. */
  suggestions: readonly string[];
}

/** A text field of a list page's search form that suggests known values (e.g. model names). */
export function SearchSuggestField({ name, texts, width, suggestions }: SearchSuggestFieldProps) {
  const testIdPrefix = useContext(ToolbarTestIdPrefix);
  return (
    <Form.Item name={name}>
      <AutoComplete
        options={suggestions.map((value) => ({ label: value, value }))}
        showSearch={{ filterOption: (input, option) => suggestionMatches(option?.value, input) }}
        style={{ width, maxWidth: '100%' }}
      >
        <Input
          allowClear
          placeholder={texts[1]}
          aria-label={texts[0]}
          data-testid={`${testIdPrefix}-search-${name}`}
        />
      </AutoComplete>
    </Form.Item>
  );
}

/** Whether a suggestion contains the typed text, ignoring case. */
export function suggestionMatches(suggestion: unknown, typed: string): boolean {
  return String(suggestion ?? '')
    .toLowerCase()
    .includes(typed.toLowerCase());
}
