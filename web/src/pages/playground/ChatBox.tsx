import { ClearOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Tooltip } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from './chat-messages.ts';
import { MessageBubble } from './MessageBubble.tsx';

export interface ChatBoxProps {
  messages: ChatMessage[];
  streaming: boolean;
  onSend: (content: string) => void;
  onStop: () => void;
  onClear: () => void;
  /** Extra buttons of the card header (the settings toggle on mobile). */
  extra?: ReactNode;
}

/** The right side: the conversation, the input with send / stop, and the clear-context action. */
export function ChatBox({ messages, streaming, onSend, onStop, onClear, extra }: ChatBoxProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const lastMessage = messages.at(-1);

  // Follow the conversation as messages arrive and as the last reply grows.
  useEffect(() => {
    const list = listRef.current;
    if (list && (messages.length > 0 || lastMessage?.content)) list.scrollTop = list.scrollHeight;
  }, [messages.length, lastMessage?.content]);

  const send = () => {
    if (streaming || draft.trim() === '') return;
    onSend(draft);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line; Enter that confirms an input-method choice does neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Card
      className="playground-chat"
      size="small"
      title={t('playground.chat.title')}
      extra={
        <span style={{ display: 'inline-flex', gap: 8 }}>
          {extra}
          <Tooltip title={t('playground.chat.clearHint')}>
            <Button size="small" icon={<ClearOutlined />} onClick={onClear} data-testid="playground-clear">
              {t('playground.chat.clear')}
            </Button>
          </Tooltip>
        </span>
      }
    >
      <div className="playground-messages" ref={listRef} data-testid="playground-messages" aria-live="polite">
        {messages.length === 0 ? (
          <Empty description={t('playground.chat.empty')} style={{ margin: 'auto' }} />
        ) : (
          messages.map((message, index) => <MessageBubble key={message.id} message={message} index={index} />)
        )}
      </div>
      <div className="playground-composer">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={t('playground.chat.placeholder')}
          aria-label={t('playground.chat.input')}
          data-testid="playground-input"
        />
        {streaming ? (
          <Tooltip title={t('playground.chat.stopHint')}>
            <Button danger icon={<StopOutlined />} onClick={onStop} data-testid="playground-stop">
              {t('playground.chat.stop')}
            </Button>
          </Tooltip>
        ) : (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={send}
            disabled={draft.trim() === ''}
            data-testid="playground-send"
          >
            {t('playground.chat.send')}
          </Button>
        )}
      </div>
    </Card>
  );
}
