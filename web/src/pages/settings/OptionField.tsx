import { App, Form, type FormInstance, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DomainWhitelistInput } from './DomainWhitelistInput.tsx';
import type { FieldSpec } from './field-spec.ts';
import { addressProblem, isJsonText, numberProblem } from './setting-rules.ts';

interface ConfirmingSwitchProps {
  value?: boolean;
  onChange?: (checked: boolean) => void;
  confirmOff: NonNullable<FieldSpec['confirmOff']>;
  disabled?: boolean;
  testId: string;
}

/** A switch that asks before turning off (docs/reference/console-states.md "Password login off"); cancel leaves it on. */
function ConfirmingSwitch({ value, onChange, confirmOff, disabled, testId }: ConfirmingSwitchProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const change = (checked: boolean) => {
    if (checked) {
      onChange?.(true);
      return;
    }
    modal.confirm({
      title: t(confirmOff.title),
      content: t(confirmOff.content),
      okText: t('settings.common.confirm'),
      cancelText: t('settings.common.cancel'),
      onOk: () => onChange?.(false),
    });
  };
  return <Switch checked={value === true} onChange={change} disabled={disabled} data-testid={testId} />;
}

interface FieldInputProps {
  field: FieldSpec;
  disabled: boolean;
  /** Injected by Form.Item. */
  value?: unknown;
  checked?: unknown;
  onChange?: (...args: never[]) => void;
  onBlur?: () => void;
  id?: string;
}

/** The input of a field's kind; passes Form.Item's value, onChange, onBlur and id through. */
function FieldInput({ field, disabled, ...control }: FieldInputProps) {
  const { t } = useTranslation();
  // biome-ignore lint/suspicious/noExplicitAny: Form.Item's injected control props fit whichever input is rendered
  const bound = control as any;
  const testId = `setting-${field.key}`;
  if (field.editor === 'domain-list')
    return <DomainWhitelistInput {...bound} disabled={disabled} testId={testId} />;
  switch (field.kind) {
    case 'switch':
      if (field.confirmOff)
        return (
          <ConfirmingSwitch {...bound} confirmOff={field.confirmOff} disabled={disabled} testId={testId} />
        );
      return <Switch {...bound} disabled={disabled} data-testid={testId} />;
    case 'number':
      return (
        // No min/max on the input: it would clamp an out-of-range value on blur and save it without a
        // word; OptionField's rule shows the bounds instead and the section is not saved.
        <InputNumber
          {...bound}
          step={field.step ?? 1}
          disabled={disabled}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      );
    case 'secret':
      return (
        <Input.Password
          {...bound}
          autoComplete="new-password"
          placeholder={t('settings.common.secretPlaceholder')}
          disabled={disabled}
          data-testid={testId}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...bound}
          autoSize={{ minRows: 3, maxRows: 12 }}
          disabled={disabled}
          data-testid={testId}
        />
      );
    case 'json':
      return (
        <Input.TextArea
          {...bound}
          autoSize={{ minRows: 4, maxRows: 16 }}
          disabled={disabled}
          style={{ fontFamily: 'monospace' }}
          data-testid={testId}
        />
      );
    case 'select':
      return (
        <Select
          {...bound}
          disabled={disabled}
          options={(field.choices ?? []).map((choice) => ({ value: choice.value, label: t(choice.label) }))}
          data-testid={testId}
        />
      );
    default:
      return <Input {...bound} disabled={disabled} data-testid={testId} />;
  }
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The message of what is wrong with `value` in `field`, or null (JSON text, number bounds, addresses). */
function fieldProblem(field: FieldSpec, value: unknown, t: Translate): string | null {
  if (field.kind === 'json')
    return typeof value !== 'string' || isJsonText(value) ? null : t('settings.common.invalidJson');
  if (field.kind === 'number') {
    const problem = numberProblem(value, field.min ?? 0, field.max);
    return problem ? t(problem.key, problem.values) : null;
  }
  if (field.address) {
    const problem = addressProblem(value);
    return problem ? t(problem, { field: t(field.label) }) : null;
  }
  return null;
}

/** One option of a section: label, help, the input for its kind, its value checked (JSON on blur). */
export function OptionField({ field, form }: { field: FieldSpec; form: FormInstance }) {
  const { t } = useTranslation();
  const enabler = Form.useWatch(field.enabledBy ?? '', { form, preserve: true }) as unknown;
  const disabled = field.enabledBy !== undefined && enabler !== true;
  const rule = {
    validator: (_rule: unknown, value: unknown) => {
      const problem = fieldProblem(field, value, t);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
  return (
    <Form.Item
      name={field.key}
      label={t(field.label)}
      extra={field.help ? t(field.help) : undefined}
      valuePropName={field.kind === 'switch' && !field.confirmOff ? 'checked' : 'value'}
      validateTrigger={field.kind === 'json' ? 'onBlur' : 'onChange'}
      rules={[rule]}
    >
      <FieldInput field={field} disabled={disabled} />
    </Form.Item>
  );
}
