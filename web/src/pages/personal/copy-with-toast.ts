import { copyText, showSuccess } from '../../components/feedback.ts';

/** Copies the text and confirms with a toast; when the browser refuses, copyText shows a manual-copy dialog. */
export async function copyWithToast(text: string, successMessage: string): Promise<void> {
  if (await copyText(text)) showSuccess(successMessage);
}
