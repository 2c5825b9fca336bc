import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../components/feedback.ts';
import { type ReplyRequest, useReplyAction } from '../../components/use-reply-action.ts';

export interface BindModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Confirms the binding (the OK button). */
  onOk: () => void;
  binding: boolean;
  children: ReactNode;
}

/** The dialog frame of BindEmailDialog and BindWeChatDialog: confirm / cancel, content dropped on close. */
export function BindModal({ title, open, onClose, onOk, binding, children }: BindModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={onOk}
      okText={t('personal.bind.confirm')}
      cancelText={t('personal.bind.cancel')}
      confirmLoading={binding}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}

/**
 * A binding's confirm step: a failed check (an i18n key) is shown and nothing is sent; a successful reply
 * toasts, calls `onDone` (to clear the typed code), then `onBound` and `onClose`.
 */
export function useBindAction(onBound: () => void, onClose: () => void) {
  const { t } = useTranslation();
  const { busy, run } = useReplyAction();
  const bind = async (checkError: string | null, request: ReplyRequest, onDone: () => void) => {
    if (checkError) {
      showError(t(checkError));
      return;
    }
    await run(request, () => {
      showSuccess(t('personal.bind.success'));
      onDone();
      onBound();
      onClose();
    });
  };
  return { binding: busy, bind };
}
