import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../../common/limits.ts';
import { showError } from '../../components/feedback.ts';
import { FormDrawer } from '../../components/list-page/FormDrawer.tsx';
import { useCreateUser } from './use-users.ts';
import { REMARK_MAX_LENGTH, validateNewUser } from './user-form-rules.ts';

interface AddUserValues {
  username?: string;
  display_name?: string;
  password?: string;
  remark?: string;
}

export interface AddUserDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** Creates a normal user from a username, a display name and a password. */
export function AddUserDrawer({ open, onClose }: AddUserDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddUserValues>();
  const createUserMutation = useCreateUser();

  const submit = (values: AddUserValues) => {
    const username = values.username?.trim() ?? '';
    const password = values.password ?? '';
    const error = validateNewUser({ username, password });
    if (error) {
      showError(t(error));
      return;
    }
    createUserMutation.mutate(
      {
        username,
        display_name: values.display_name?.trim() ?? '',
        password,
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
      },
      {
        onSuccess: () => {
          form.resetFields();
          onClose();
        },
      },
    );
  };

  return (
    <FormDrawer
      title={t('users.add.title')}
      open={open}
      onClose={onClose}
      size={480}
      testIdPrefix="add-user"
      labels={[t('users.add.cancel'), t('users.add.submit')]}
      onSubmit={() => form.submit()}
      saving={createUserMutation.isPending}
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="username" label={t('users.fields.username')}>
          <Input
            placeholder={t('users.placeholders.username')}
            maxLength={USERNAME_MAX_LENGTH}
            autoComplete="off"
            data-testid="add-user-username"
          />
        </Form.Item>
        <Form.Item name="display_name" label={t('users.fields.displayName')}>
          <Input
            placeholder={t('users.placeholders.displayName')}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="off"
            data-testid="add-user-display-name"
          />
        </Form.Item>
        <Form.Item name="password" label={t('users.fields.password')}>
          <Input.Password
            placeholder={t('users.placeholders.password')}
            autoComplete="new-password"
            data-testid="add-user-password"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('users.fields.remark')}>
          <Input.TextArea
            maxLength={REMARK_MAX_LENGTH}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder={t('users.placeholders.remark')}
            data-testid="add-user-remark"
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
