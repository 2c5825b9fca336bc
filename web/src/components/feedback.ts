import { Input, type ModalFuncProps, message as staticMessage, Modal as staticModal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createElement } from 'react';
import { i18n } from '../i18n/index.ts';

export interface FeedbackApi {
  message: Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'>;
  modal: { info: (props: ModalFuncProps) => unknown };
}

/**
 * The antd message/modal API bound to the app's theme and locale. `FeedbackBridge` (inside antd `<App>`)
 * installs it; before that (and in unit tests) the static antd functions are used.
 */
let feedbackApi: FeedbackApi = { message: staticMessage, modal: staticModal };

export function installFeedbackApi(api: FeedbackApi): void {
  feedbackApi = api;
}

/** An error that was already shown to the user (the HTTP client toasts HTTP failures itself). */
export interface ShownError {
  shown: true;
}

function isShownError(value: unknown): value is ShownError {
  return typeof value === 'object' && value !== null && (value as Partial<ShownError>).shown === true;
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.message;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  ) {
    return (value as { message: string }).message;
  }
  return String(value);
}

/** Shows 'Error: ' + the message as an error toast (docs/reference/console-errors.md). Errors already toasted are not repeated. */
export function showError(errorOrMessage: unknown): void {
  if (isShownError(errorOrMessage)) return;
  const text = messageOf(errorOrMessage) || i18n.t('feedback.requestFailed');
  feedbackApi.message.error(i18n.t('feedback.errorPrefix', { message: text }));
}

export function showSuccess(text: string): void {
  feedbackApi.message.success(text);
}

export function showInfo(text: string): void {
  feedbackApi.message.info(text);
}

export function showWarning(text: string): void {
  feedbackApi.message.warning(text);
}

/**
 * Copies text to the clipboard. When the browser refuses, a dialog shows the text to copy by hand
 * (docs/reference/console-errors.md "Clipboard failure"). Resolves to whether the automatic copy worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    feedbackApi.modal.info({
      title: i18n.t('feedback.copyManually'),
      content: createElement(Input.TextArea, {
        value: text,
        readOnly: true,
        autoSize: { minRows: 1, maxRows: 10 },
        ...{ 'data-testid': 'copy-manually-text' },
        onFocus: (event: { target: HTMLTextAreaElement }) => event.target.select(),
      }),
      okText: i18n.t('common.close'),
    });
    return false;
  }
}
