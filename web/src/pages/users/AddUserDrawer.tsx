import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/FormInput.tsx';
import { showError } from '../../components/feedback.ts';
import { FormDrawer } from '../../components/list-page/FormDrawer.tsx';
import { UserNameFields } from '../../components/UserNameFields.tsx';
import { RemarkField } from './RemarkField.tsx';
import { useCreateUser } from './use-users.ts';
import { validateNewUser } from './user-form-rules.ts';

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
        <UserNameFields
          labels={{ username: t('users.fields.username'), displayName: t('users.fields.displayName') }}
          placeholders={{
            username: t('users.placeholders.username'),
            displayName: t('users.placeholders.displayName'),
          }}
          autoComplete="off"
          testIdPrefix="add-user"
        />
        <FormInput
          name="password"
          label={t('users.fields.password')}
          password
          placeholder={t('users.placeholders.password')}
          autoComplete="new-password"
          testId="add-user-password"
        />
        <RemarkField testId="add-user-remark" />
      </Form>
    </FormDrawer>
  );
}
