import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionChange } from '../option-values.ts';
import { jsonChanged, nextRowId } from './draft-rows.ts';
import {
  FALLBACK_MODELS_KEY,
  FALLBACK_REPLY_MODEL_KEY,
  type FallbackRow,
  fallbackRowProblems,
  fallbackRowsOf,
  fallbackRowsValue,
  MAX_FALLBACKS,
  REPLY_MODEL_CHOICES,
  type ReplyModel,
  replyModelOf,
} from './fallback-rows.ts';
import { groupColumn, modelColumn, removeRowColumn } from './NameCells.tsx';
import { TrafficSection } from './TrafficSection.tsx';

export interface FallbackChainsEditorProps {
  options: Readonly<Record<string, string>>;
  groups: readonly string[];
  models: readonly string[];
}

/**
 * Per group, the models a model falls back to when every channel of it failed before the client saw any
 * output, and which model name the reply carries then (./fallback-rows.ts, docs/reference/routing.md).
 */
export function FallbackChainsEditor({ options, groups, models }: FallbackChainsEditorProps) {
  const { t } = useTranslation();
  const stored = options[FALLBACK_MODELS_KEY];
  const storedReply = options[FALLBACK_REPLY_MODEL_KEY];
  const [loaded, setLoaded] = useState(() => fallbackRowsOf(stored));
  const [rows, setRows] = useState(loaded.rows);
  const [replyModel, setReplyModel] = useState<ReplyModel>(() => replyModelOf(storedReply));
  // A reload that changed these options (after a save) resets the draft.
  useEffect(() => {
    const next = fallbackRowsOf(stored);
    setLoaded(next);
    setRows(next.rows);
  }, [stored]);
  useEffect(() => setReplyModel(replyModelOf(storedReply)), [storedReply]);
  const problems = useMemo(() => fallbackRowProblems(rows), [rows]);

  const update = (id: number, patch: Partial<FallbackRow>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const testId = (name: string, index: number) => `traffic-fallback-${name}-${index + 1}`;
  const modelChoices = models.map((model) => ({ value: model, label: model }));

  const changes = (): OptionChange[] => {
    const result: OptionChange[] = [];
    const value = fallbackRowsValue(rows);
    if (jsonChanged(value, stored, '{}')) result.push({ key: FALLBACK_MODELS_KEY, value });
    if (replyModel !== replyModelOf(storedReply))
      result.push({ key: FALLBACK_REPLY_MODEL_KEY, value: replyModel });
    return result;
  };

  const columns = [
    groupColumn(t('traffic.column.group'), groups, update, testId),
    modelColumn(t('traffic.column.model'), models, update, testId),
    {
      title: t('traffic.fallback.chain', { max: MAX_FALLBACKS }),
      key: 'fallbacks',
      render: (_: unknown, row: FallbackRow, index: number) => (
        // Tags: a fallback may be a model no channel serves yet; the order is the order tried.
        <Select
          mode="tags"
          value={row.fallbacks}
          onChange={(fallbacks: string[]) => update(row.id, { fallbacks })}
          options={modelChoices}
          placeholder={t('traffic.fallback.chainPlaceholder')}
          tokenSeparators={[',']}
          style={{ width: '100%', minWidth: 260 }}
          data-testid={testId('chain', index)}
        />
      ),
    },
    removeRowColumn(t('traffic.removeRow'), setRows, testId),
  ];

  return (
    <TrafficSection
      name="traffic-fallback"
      title="traffic.fallback.title"
      intro="traffic.fallback.intro"
      problems={problems}
      unreadable={loaded.unreadable}
      changes={changes}
      actions={
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            setRows((current) => [
              ...current,
              { id: nextRowId(current), group: '', model: '', fallbacks: [] },
            ])
          }
          data-testid="traffic-fallback-add"
        >
          {t('traffic.addRow')}
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('traffic.fallback.replyModel')} extra={t('traffic.fallback.replyModelHelp')}>
          <Select
            value={replyModel}
            onChange={setReplyModel}
            options={REPLY_MODEL_CHOICES.map((choice) => ({
              value: choice,
              label: t(`traffic.fallback.reply.${choice}`),
            }))}
            style={{ maxWidth: 360 }}
            data-testid={`setting-${FALLBACK_REPLY_MODEL_KEY}`}
          />
        </Form.Item>
      </Form>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('traffic.fallback.empty') }}
        data-testid="traffic-fallback"
      />
    </TrafficSection>
  );
}
