import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../components/FormSelect.tsx';
import { showError, showInfo } from '../../components/feedback.ts';
import { GroupsFormSelect } from '../users/GroupFields.tsx';
import { splitList } from './channel-display.ts';
import { JsonField } from './JsonField.tsx';
import { HEADER_OVERRIDE_TEMPLATE, MODEL_MAPPING_TEMPLATE } from './json-templates.ts';
import { initialTagEditValues, prepareTagEdit, type TagEditValues } from './tag-edit-rules.ts';
import { useEditTag } from './use-channel-actions.ts';
import { useKnownModels } from './use-channels.ts';

export interface TagEditDialogProps {
  /** The tag being edited; null keeps the dialog closed. */
  tag: string | null;
  /** Models of the tag's channels (offered first in the model picker). */
  tagModels: string;
  onClose: () => void;
}

/**
 * Edits every channel of a tag at once (docs/reference/console-validation.md "Tag edit"): empty fields stay unchanged, an empty new
 * tag removes the tag. Give it a new `key` for every opening so the form starts clean.
 */
export function TagEditDialog({ tag, tagModels, onClose }: TagEditDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<TagEditValues>();
  const modelsQuery = useKnownModels();
  const editMutation = useEditTag();
  const newTag = Form.useWatch('new_tag', form);

  const modelOptions = useMemo(
    () =>
      [...new Set([...splitList(tagModels), ...(modelsQuery.data ?? [])])].map((name) => ({
        label: name,
        value: name,
      })),
    [tagModels, modelsQuery.data],
  );

  const submit = (values: TagEditValues) => {
    if (tag === null) return;
    const check = prepareTagEdit(tag, values);
    if (!check.ok) {
      if (check.noChange) showInfo(t(check.error));
      else showError(t(check.error));
      return;
    }
    const save = () => editMutation.mutateAsync(check.payload).then(onClose, () => undefined);
    if (!check.dissolves) {
      void save();
      return;
    }
    modal.confirm({
      title: t('channels.tagEdit.dissolveTitle'),
      content: t('channels.tagEdit.dissolveWarning'),
      okText: t('channels.tagEdit.dissolveOk'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'tag-dissolve-confirm' } },
      cancelText: t('channels.actions.cancel'),
      onOk: save,
    });
  };

  return (
    <Modal
      title={t('channels.tagEdit.title', { tag: tag ?? '' })}
      open={tag !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('channels.tagEdit.submit')}
      cancelText={t('channels.actions.cancel')}
      okButtonProps={{ loading: editMutation.isPending, ...{ 'data-testid': 'tag-edit-submit' } }}
      destroyOnHidden
      width={600}
    >
      <Typography.Paragraph type="secondary">{t('channels.tagEdit.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialTagEditValues(tag ?? '')}
        onFinish={submit}
        preserve={false}
      >
        <Form.Item name="new_tag" label={t('channels.tagEdit.newTag')}>
          <Input allowClear maxLength={255} data-testid="tag-edit-new-tag" />
        </Form.Item>
        {tag !== null && (newTag ?? '').trim() === '' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('channels.tagEdit.dissolveWarning')}
          />
        )}
        <FormSelect
          name="models"
          label={t('channels.tagEdit.models')}
          extra={t('channels.tagEdit.modelsHint')}
          mode="tags"
          allowClear
          options={modelOptions}
          loading={modelsQuery.isLoading}
          placeholder={t('channels.tagEdit.unchanged')}
          tokenSeparators={[',']}
          testId="tag-edit-models"
        />
        <GroupsFormSelect
          name="groups"
          label={t('channels.tagEdit.groups')}
          placeholder={t('channels.tagEdit.unchanged')}
          testId="tag-edit-groups"
        />
        <JsonField
          name="model_mapping"
          label={t('channels.form.modelMapping')}
          placeholder={t('channels.tagEdit.unchanged')}
          template={MODEL_MAPPING_TEMPLATE}
          testId="tag-edit-model-mapping"
        />
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item name="priority" label={t('channels.columns.priority')} style={{ flex: 1 }}>
            <Input placeholder={t('channels.tagEdit.unchanged')} data-testid="tag-edit-priority" />
          </Form.Item>
          <Form.Item name="weight" label={t('channels.columns.weight')} style={{ flex: 1 }}>
            <Input placeholder={t('channels.tagEdit.unchanged')} data-testid="tag-edit-weight" />
          </Form.Item>
        </div>
        <JsonField
          name="header_override"
          label={t('channels.form.headerOverride')}
          placeholder={t('channels.tagEdit.unchanged')}
          template={HEADER_OVERRIDE_TEMPLATE}
          testId="tag-edit-header-override"
        />
      </Form>
    </Modal>
  );
}
