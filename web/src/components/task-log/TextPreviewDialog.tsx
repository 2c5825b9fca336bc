/** A dialog showing a long text or a JSON document whole (prompts, failure reasons, a task's record). */
import { Modal, Typography } from 'antd';
import { useCallback, useState } from 'react';

export interface TextPreview {
  title: string;
  text: string;
}

/** The preview the page shows now, and the callbacks the cells use. */
export function useTextPreview() {
  const [preview, setPreview] = useState<TextPreview | null>(null);
  const open = useCallback((title: string, text: string) => setPreview({ title, text }), []);
  const close = useCallback(() => setPreview(null), []);
  return { preview, open, close };
}

export interface TextPreviewDialogProps {
  preview: TextPreview | null;
  onClose: () => void;
  testId: string;
}

export function TextPreviewDialog({ preview, onClose, testId }: TextPreviewDialogProps) {
  return (
    <Modal title={preview?.title} open={preview !== null} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph copyable={preview ? { text: preview.text } : false} style={{ marginBottom: 0 }}>
        <pre
          data-testid={testId}
          style={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            maxHeight: '60vh',
            overflow: 'auto',
            margin: 0,
          }}
        >
          {preview?.text}
        </pre>
      </Typography.Paragraph>
    </Modal>
  );
}
