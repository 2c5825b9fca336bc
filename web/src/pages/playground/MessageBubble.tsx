import { LoadingOutlined, RobotOutlined, UserOutlined, WarningOutlined } from '@ant-design/icons';
import { Avatar, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownToSafeHtml } from '../../components/rich-content.ts';
import type { ChatMessage } from './chat-messages.ts';

/** One message; the assistant's text is Markdown (sanitized), the user's is shown as typed. */
export function MessageBubble({ message, index }: { message: ChatMessage; index: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isUser = message.role === 'user';
  const isError = message.state === 'error';
  const html = useMemo(
    () => (isUser || isError || message.content === '' ? '' : markdownToSafeHtml(message.content)),
    [isUser, isError, message.content],
  );

  const background = isError ? token.colorErrorBg : isUser ? token.colorPrimaryBg : token.colorFillQuaternary;
  const border = isError ? token.colorErrorBorder : 'transparent';

  return (
    <div
      className={`playground-message ${isUser ? 'from-user' : 'from-assistant'}`}
      data-testid={`playground-message-${index}`}
      data-state={message.state}
      data-role={message.role}
    >
      <Avatar
        size={32}
        icon={isUser ? <UserOutlined /> : <RobotOutlined />}
        style={{ background: isUser ? token.colorPrimary : token.colorSuccess, flex: 'none' }}
        aria-label={isUser ? t('playground.roles.user') : t('playground.roles.assistant')}
      />
      <div
        className="playground-bubble"
        style={{ background, border: `1px solid ${border}`, borderRadius: token.borderRadiusLG }}
      >
        {message.state === 'loading' && (
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('playground.thinking')}
          </Typography.Text>
        )}
        {isError && (
          <div style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
            <WarningOutlined style={{ color: token.colorError }} aria-label={t('playground.failed')} />
            <Typography.Text type="danger" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {message.content}
            </Typography.Text>
          </div>
        )}
        {isUser && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.content}</div>}
        {!isUser && !isError && html !== '' && (
          <div
            className="rich-content playground-markdown"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: markdownToSafeHtml sanitizes with DOMPurify
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
        {message.state === 'complete' && !isUser && message.content === '' && (
          <Typography.Text type="secondary" italic>
            {t('playground.emptyReply')}
          </Typography.Text>
        )}
        {message.state === 'incomplete' && <LoadingOutlined style={{ marginTop: 4 }} aria-hidden />}
      </div>
    </div>
  );
}
