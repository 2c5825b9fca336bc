/**
 * The "Tool prices" section of the model pricing settings (docs/reference/pricing-tiers.md "Console"): a table
 * of tool names or "tool:model-prefix*" patterns → USD per 1,000 calls, saved as tool_price_setting.prices.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedSignature } from '../option-values.ts';
import { useSaveOptions } from '../use-options.ts';
import { type ToolLine, toolLinesOfOption, toolOptionText, toolProblem } from './tier-rules.ts';

const TOOL_PRICES_KEY = 'tool_price_setting.prices';

export function ToolPricesEditor({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation();
  const save = useSaveOptions();
  const signature = loadedSignature([TOOL_PRICES_KEY], options);
  const [lines, setLines] = useState<ToolLine[]>(() => toolLinesOfOption(options[TOOL_PRICES_KEY]));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt only when the option's content changes
  useEffect(() => {
    setLines(toolLinesOfOption(options[TOOL_PRICES_KEY]));
    setTouched(false);
  }, [signature]);

  const problem = touched ? toolProblem(lines) : null;
  const set = (index: number, patch: Partial<ToolLine>) =>
    setLines(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));

  const submit = async () => {
    setTouched(true);
    if (toolProblem(lines)) return;
    setSaving(true);
    try {
      await save([{ key: TOOL_PRICES_KEY, value: toolOptionText(lines) }]);
    } finally {
      setSaving(false);
    }
  };

  const columns = [
    {
      title: t('settings.tools.tool'),
      key: 'tool',
      render: (_: unknown, line: ToolLine, index: number) => (
        <Input
          size="small"
          style={{ width: 240 }}
          placeholder="web_search_preview:gpt-4o*"
          status={
            problem?.index === index && problem.problem !== 'settings.tools.priceInvalid'
              ? 'error'
              : undefined
          }
          value={line.tool}
          onChange={(event) => set(index, { tool: event.target.value })}
          data-testid={`tool-price-${index}-tool`}
        />
      ),
    },
    {
      title: t('settings.tools.price'),
      key: 'price',
      render: (_: unknown, line: ToolLine, index: number) => (
        <Input
          size="small"
          style={{ width: 120 }}
          status={
            problem?.index === index && problem.problem === 'settings.tools.priceInvalid'
              ? 'error'
              : undefined
          }
          value={line.price}
          onChange={(event) => set(index, { price: event.target.value })}
          data-testid={`tool-price-${index}-price`}
        />
      ),
    },
    {
      title: '',
      key: 'remove',
      render: (_: unknown, _line: ToolLine, index: number) => (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('settings.tools.remove')}
          onClick={() => setLines(lines.filter((_, at) => at !== index))}
          data-testid={`tool-price-${index}-remove`}
        />
      ),
    },
  ];

  return (
    <div data-testid="tool-prices-editor">
      <Typography.Paragraph type="secondary">{t('settings.tools.help')}</Typography.Paragraph>
      <Table
        rowKey={(line) => String(lines.indexOf(line))}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          title={t(problem.problem, { row: problem.index + 1 })}
          data-testid="tool-prices-problem"
        />
      )}
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setLines([...lines, { tool: '', price: '' }])}
          data-testid="tool-price-add"
        >
          {t('settings.tools.add')}
        </Button>
        <Button type="primary" onClick={submit} loading={saving} data-testid="tool-prices-save">
          {t('settings.pricing.save')}
        </Button>
      </Space>
    </div>
  );
}
