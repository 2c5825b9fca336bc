import { Button, Divider, Form, Input, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotaDisplaySettings } from '../../../../common/quota-format.ts';
import type { UserView } from '../../api/users.ts';
import { FormInput } from '../../components/FormInput.tsx';
import { FormSelect } from '../../components/FormSelect.tsx';
import { showError } from '../../components/feedback.ts';
import { ruleOf } from '../../components/form-rules.ts';
import { IntegerInput } from '../../components/IntegerInput.tsx';
import { LimitFields, useLimitProblemText } from '../../components/LimitFields.tsx';
import {
  type LimitFormValues,
  limitFormValues,
  limitSetFromForm,
} from '../../components/limit-fields-rules.ts';
import { FormButtons } from '../../components/list-page/FormDrawer.tsx';
import { useQuotaRenderer, useQuotaSettings } from '../../components/quota.ts';
import { UserNameFields } from '../../components/UserNameFields.tsx';
import { AddQuotaDialog } from './AddQuotaDialog.tsx';
import { RemarkField } from './RemarkField.tsx';
import { UserSecurityResets } from './UserSecurityResets.tsx';
import { useGroupOptions, useUpdateUser, useUserDetail } from './use-users.ts';
import { addQuota, parseQuota, validateOptionalPassword } from './user-form-rules.ts';

interface UserFormValues {
  username: string;
  display_name: string;
  password: string;
  group: string;
  quota: number | null;
  remark: string;
  /** The user's traffic limits across all their keys (components/LimitFields.tsx). */
  limits: LimitFormValues;
}

/** Bound accounts are shown read-only: users bind them themselves. */
const readOnlyBindings = [
  { field: 'email', label: 'users.fields.email' },
  { field: 'github_id', label: 'users.fields.githubId' },
  { field: 'oidc_id', label: 'users.fields.oidcId' },
  { field: 'wechat_id', label: 'users.fields.wechatId' },
  { field: 'telegram_id', label: 'users.fields.telegramId' },
  { field: 'linux_do_id', label: 'users.fields.linuxDoId' },
] as const satisfies ReadonlyArray<{ field: keyof UserView; label: string }>;

function toFormValues(user: UserView, quotaSettings: QuotaDisplaySettings): UserFormValues {
  return {
    username: user.username,
    display_name: user.display_name,
    password: '',
    group: user.group,
    quota: user.quota,
    remark: user.remark ?? '',
    limits: limitFormValues(user.limits, quotaSettings),
  };
}

export interface UserFormProps {
  userId: number;
  onSaved: () => void;
  onCancel: () => void;
}

/** The edit-user form shared by the edit drawer and the /user/edit/:id page. */
export function UserForm({ userId, onSaved, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const quotaSettings = useQuotaSettings();
  const problemText = useLimitProblemText();
  const [form] = Form.useForm<UserFormValues>();
  const userQuery = useUserDetail(userId);
  const updateUserMutation = useUpdateUser();
  const [addQuotaOpen, setAddQuotaOpen] = useState(false);
  const quota = Form.useWatch('quota', form);
  const user = userQuery.data;

  useEffect(() => {
    if (user) form.setFieldsValue(toFormValues(user, quotaSettings));
  }, [user, form, quotaSettings]);

  const groups = useGroupOptions(user?.group ? [user.group] : []);

  const submit = (values: UserFormValues) => {
    const limits = limitSetFromForm(values.limits, quotaSettings);
    if (!limits.ok) {
      showError(problemText(limits.problem));
      return;
    }
    updateUserMutation.mutate(
      {
        id: userId,
        username: values.username.trim(),
        display_name: values.display_name?.trim() ?? '',
        password: values.password ?? '',
        group: values.group,
        quota: parseQuota(values.quota),
        remark: values.remark?.trim() ?? '',
        limits: limits.limits,
      },
      { onSuccess: onSaved },
    );
  };

  return (
    <Spin spinning={userQuery.isLoading}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="user-form">
        <UserNameFields
          labels={{ username: t('users.fields.username'), displayName: t('users.fields.displayName') }}
          placeholders={{ displayName: t('users.placeholders.displayName') }}
          usernameRules={[{ required: true, whitespace: true, message: t('users.placeholders.username') }]}
          autoComplete="off"
          testIdPrefix="user-form"
        />
        <FormInput
          name="password"
          label={t('users.fields.password')}
          rules={[ruleOf(t, validateOptionalPassword)]}
          password
          placeholder={t('users.placeholders.newPassword')}
          autoComplete="new-password"
          testId="user-form-password"
        />
        <FormSelect
          name="group"
          label={t('users.fields.group')}
          options={groups.options}
          loading={groups.loading}
          placeholder={t('users.placeholders.group')}
          showSearch
          testId="user-form-group"
        />
        <Form.Item
          label={t('users.fields.quota')}
          extra={t('users.edit.quotaPreview', { value: renderQuota(parseQuota(quota)) })}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="quota" noStyle>
              <IntegerInput aria-label={t('users.fields.quota')} testId="user-form-quota" />
            </Form.Item>
            <Button onClick={() => setAddQuotaOpen(true)} data-testid="user-form-add-quota">
              {t('users.edit.addQuota')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <RemarkField testId="user-form-remark" />
        <LimitFields name="limits" hint={t('limits.section.hintUser')} testIdPrefix="user-form-limits" />
        <Divider titlePlacement="start">{t('users.edit.bindings')}</Divider>
        {readOnlyBindings.map(({ field, label }) => (
          <Form.Item key={field} label={t(label)}>
            <Input
              value={user ? String(user[field] ?? '') : ''}
              placeholder={t('users.placeholders.readOnly')}
              readOnly
              aria-label={t(label)}
            />
          </Form.Item>
        ))}
        <UserSecurityResets user={user} />
        <FormButtons
          testIdPrefix="user-form"
          labels={[t('users.edit.cancel'), t('users.edit.submit')]}
          onCancel={onCancel}
          saving={updateUserMutation.isPending}
          disabled={!user}
        />
      </Form>
      <AddQuotaDialog
        open={addQuotaOpen}
        currentQuota={parseQuota(quota)}
        onConfirm={(amount) => form.setFieldValue('quota', addQuota(form.getFieldValue('quota'), amount))}
        onClose={() => setAddQuotaOpen(false)}
      />
    </Spin>
  );
}
