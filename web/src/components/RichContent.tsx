import type { CSSProperties } from 'react';
import type { RichContentView } from './rich-content.ts';

const frameStyle: CSSProperties = {
  width: '100%',
  height: '100%',
  minHeight: 'calc(100vh - 56px)',
  border: 0,
};

/** Shows sanitized HTML or a full-size frame (see `classifyContent`). Renders nothing for empty content. */
export function RichContent({
  view,
  title,
  testId,
}: {
  view: RichContentView;
  title: string;
  testId?: string;
}) {
  if (view.kind === 'frame')
    return <iframe src={view.url} title={title} style={frameStyle} data-testid={testId} />;
  if (view.kind === 'empty') return null;
  return (
    <div
      className="rich-content"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML went through DOMPurify in classifyContent
      dangerouslySetInnerHTML={{ __html: view.html }}
    />
  );
}
