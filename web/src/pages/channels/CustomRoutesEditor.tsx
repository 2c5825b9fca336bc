/**
 * The routes of an Advanced Custom channel (type 58), edited as a list in the channel form: per route the
 * incoming path, the converter, the upstream path and method, the models, how the key is sent, extra headers
 * and a body template. The routes are written into the form's `settings` (custom-routes-rules.ts); the rule a
 * route set breaks shows under the list, as the server would refuse it (common/channel-types-custom.ts).
 */
import { Alert, AutoComplete, Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_ROUTE_METHODS,
  type CustomRouteProblem,
  customRoutesProblem,
} from '../../../../common/channel-types-custom.ts';
import {
  type AuthChoice,
  converterOptions,
  draftsFromSettings,
  INCOMING_PATH_OPTIONS,
  newRouteDraft,
  type RouteDraft,
  settingsWithDrafts,
} from './custom-routes-rules.ts';

const AUTH_CHOICES: readonly AuthChoice[] = ['default', 'none', 'header', 'query'];

/** The problem in the console's language, naming the route as the list numbers it. */
export function problemText(problem: CustomRouteProblem, t: TFunction): string {
  const text = t(`customRoutes.problem.${problem.code}`, {
    value: problem.value ?? '',
    other: (problem.other ?? 0) + 1,
  });
  return problem.route === undefined
    ? text
    : t('customRoutes.routeProblem', { route: problem.route + 1, text });
}

/** The `settings` field of the channel form, shown for type 58. */
export function CustomRoutesEditor() {
  const { t } = useTranslation();
  return (
    <Form.Item name="settings" label={t('customRoutes.title')} extra={t('customRoutes.hint')}>
      <RoutesInput />
    </Form.Item>
  );
}

interface RoutesInputProps {
  value?: string;
  onChange?: (settings: string) => void;
}

function RoutesInput({ value = '', onChange }: RoutesInputProps) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<RouteDraft[] | null>(() => draftsFromSettings(value));
  const problem = useMemo(() => customRoutesProblem(value), [value]);
  const update = (next: RouteDraft[]) => {
    setDrafts(next);
    onChange?.(settingsWithDrafts(value, next));
  };
  if (drafts === null) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('customRoutes.settingsUnreadable')}
        action={
          <Button size="small" onClick={() => update([newRouteDraft()])} data-testid="custom-routes-reset">
            {t('customRoutes.startAfresh')}
          </Button>
        }
      />
    );
  }
  const change = (index: number, draft: RouteDraft) =>
    update(drafts.map((current, position) => (position === index ? draft : current)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="custom-routes">
      {drafts.map((draft, index) => (
        <RouteCard
          // Routes have no identity of their own; their place is theirs while the list is edited.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          index={index}
          draft={draft}
          onChange={(next) => change(index, next)}
          onRemove={() => update(drafts.filter((_route, position) => position !== index))}
        />
      ))}
      <Button onClick={() => update([...drafts, newRouteDraft()])} data-testid="custom-routes-add">
        {t('customRoutes.add')}
      </Button>
      {problem && (
        <Alert type="error" showIcon title={problemText(problem, t)} data-testid="custom-routes-problem" />
      )}
    </Space>
  );
}

interface RouteCardProps {
  index: number;
  draft: RouteDraft;
  onChange: (draft: RouteDraft) => void;
  onRemove: () => void;
}

function RouteCard({ index, draft, onChange, onRemove }: RouteCardProps) {
  const { t } = useTranslation();
  const testId = (part: string) => `custom-route-${index}-${part}`;
  const set = <K extends keyof RouteDraft>(field: K, value: RouteDraft[K]) =>
    onChange({ ...draft, [field]: value });
  const converters = converterOptions(draft.incomingPath).map((id) => ({
    value: id,
    label: t(`customRoutes.converters.${id}`),
  }));
  return (
    <Card
      size="small"
      title={t('customRoutes.route', { route: index + 1 })}
      extra={
        <Button type="link" danger onClick={onRemove} data-testid={testId('remove')}>
          {t('customRoutes.remove')}
        </Button>
      }
      data-testid={testId('card')}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item label={t('customRoutes.incomingPath')}>
            <AutoComplete
              value={draft.incomingPath}
              options={INCOMING_PATH_OPTIONS.map((path) => ({ value: path }))}
              onChange={(path: string) =>
                onChange({
                  ...draft,
                  incomingPath: path,
                  // A converter of another incoming format no longer applies.
                  converter: converterOptions(path).includes(draft.converter) ? draft.converter : 'none',
                })
              }
            >
              <Input data-testid={testId('incoming')} />
            </AutoComplete>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('customRoutes.converter')}>
            <Select
              value={draft.converter}
              options={converters}
              onChange={(converter: string) => set('converter', converter)}
              data-testid={testId('converter')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label={t('customRoutes.upstreamPath')} extra={t('customRoutes.upstreamPathHint')}>
            <Input
              value={draft.upstreamPath}
              onChange={(event) => set('upstreamPath', event.target.value)}
              data-testid={testId('upstream')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('customRoutes.method')}>
            <Select
              value={draft.method}
              options={[
                { value: '', label: t('customRoutes.methodDefault') },
                ...CUSTOM_ROUTE_METHODS.map((method) => ({ value: method, label: method })),
              ]}
              onChange={(method: string) => set('method', method)}
              data-testid={testId('method')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('customRoutes.models')} extra={t('customRoutes.modelsHint')}>
        <Select
          mode="tags"
          value={draft.models}
          open={false}
          tokenSeparators={[',']}
          onChange={(models: string[]) => set('models', models)}
          data-testid={testId('models')}
        />
      </Form.Item>
      <AuthFields draft={draft} testId={testId} onChange={onChange} />
      <HeaderFields draft={draft} testId={testId} onChange={onChange} />
      <Form.Item label={t('customRoutes.template')} extra={t('customRoutes.templateHint')}>
        <Input.TextArea
          value={draft.template}
          autoSize={{ minRows: 2, maxRows: 12 }}
          style={{ fontFamily: 'monospace' }}
          placeholder='{"input": "{request.messages}", "model": "{model}"}'
          onChange={(event) => set('template', event.target.value)}
          data-testid={testId('template')}
        />
      </Form.Item>
    </Card>
  );
}

interface PartProps {
  draft: RouteDraft;
  testId: (part: string) => string;
  onChange: (draft: RouteDraft) => void;
}

function AuthFields({ draft, testId, onChange }: PartProps) {
  const { t } = useTranslation();
  const named = draft.auth === 'header' || draft.auth === 'query';
  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item label={t('customRoutes.auth')}>
          <Select
            value={draft.auth}
            options={AUTH_CHOICES.map((choice) => ({
              value: choice,
              label: t(`customRoutes.authChoice.${choice}`),
            }))}
            onChange={(auth: AuthChoice) => onChange({ ...draft, auth })}
            data-testid={testId('auth')}
          />
        </Form.Item>
      </Col>
      {named && (
        <>
          <Col xs={24} md={8}>
            <Form.Item label={t(`customRoutes.authName.${draft.auth}`)}>
              <Input
                value={draft.authName}
                placeholder={draft.auth === 'header' ? 'X-Api-Key' : 'key'}
                onChange={(event) => onChange({ ...draft, authName: event.target.value })}
                data-testid={testId('auth-name')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('customRoutes.authValue')} extra={t('customRoutes.authValueHint')}>
              <Input
                value={draft.authValue}
                placeholder="{api_key}"
                onChange={(event) => onChange({ ...draft, authValue: event.target.value })}
                data-testid={testId('auth-value')}
              />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}

function HeaderFields({ draft, testId, onChange }: PartProps) {
  const { t } = useTranslation();
  const setHeader = (index: number, field: 'name' | 'value', text: string) =>
    onChange({
      ...draft,
      headers: draft.headers.map((header, position) =>
        position === index ? { ...header, [field]: text } : header,
      ),
    });
  return (
    <Form.Item label={t('customRoutes.headers')} extra={t('customRoutes.headersHint')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {draft.headers.map((header, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: headers are edited in place, by position.
          <Space.Compact key={index} style={{ width: '100%' }}>
            <Input
              value={header.name}
              placeholder={t('customRoutes.headerName')}
              onChange={(event) => setHeader(index, 'name', event.target.value)}
              data-testid={testId(`header-${index}-name`)}
            />
            <Input
              value={header.value}
              placeholder={t('customRoutes.headerValue')}
              onChange={(event) => setHeader(index, 'value', event.target.value)}
              data-testid={testId(`header-${index}-value`)}
            />
            <Button
              onClick={() =>
                onChange({ ...draft, headers: draft.headers.filter((_header, at) => at !== index) })
              }
            >
              {t('customRoutes.remove')}
            </Button>
          </Space.Compact>
        ))}
        <Button
          size="small"
          onClick={() => onChange({ ...draft, headers: [...draft.headers, { name: '', value: '' }] })}
          data-testid={testId('add-header')}
        >
          {t('customRoutes.addHeader')}
        </Button>
      </Space>
    </Form.Item>
  );
}
