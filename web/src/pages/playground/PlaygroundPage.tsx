import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showError } from '../../components/feedback.ts';
import { useSession } from '../../components/session.tsx';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { useSelfGroups } from '../personal/use-personal.ts';
import { useUsableModels } from '../tokens/use-tokens.ts';
import { ChatBox } from './ChatBox.tsx';
import { type ChatSettings, greetingMessages } from './chat-messages.ts';
import {
  DEFAULT_GROUP,
  DEFAULT_MAX_TOKENS,
  DEFAULT_MODEL,
  pickGroup,
  pickModel,
  TEMPERATURE,
} from './playground-settings.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { useChatSession } from './use-chat-session.ts';
import './playground.css';

/** Route /playground (login): chat with the models the user may use (docs/reference/console-screens.md "Playground"). */
export function PlaygroundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isMobile = useIsMobile();
  const [searchParams] = useSearchParams();
  const modelsQuery = useUsableModels(true);
  const groupsQuery = useSelfGroups();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [chosen, setChosen] = useState<ChatSettings>(() => ({
    model: DEFAULT_MODEL,
    group: DEFAULT_GROUP,
    systemPrompt: t('playground.defaultSystemPrompt'),
    maxTokens: DEFAULT_MAX_TOKENS,
    temperature: TEMPERATURE.initial,
  }));
  const session = useChatSession(() =>
    greetingMessages(t('playground.greeting.user'), t('playground.greeting.assistant')),
  );

  // docs/reference/console-screens.md: the playground shows the expired-login message when it is opened with the expired flag.
  const expiredShown = useRef(false);
  const expired = searchParams.has('expired');
  useEffect(() => {
    if (expired && !expiredShown.current) {
      expiredShown.current = true;
      showError(t('login.expired'));
    }
  }, [expired, t]);

  const models = modelsQuery.data ?? [];
  const groups = useMemo(() => groupsQuery.data ?? {}, [groupsQuery.data]);
  const groupNames = useMemo(() => Object.keys(groups), [groups]);
  const settings: ChatSettings = {
    ...chosen,
    model: pickModel(models, chosen.model),
    group: pickGroup(groupNames, chosen.group, user?.group),
  };

  const panel = (
    <SettingsPanel
      settings={settings}
      onChange={(patch) => setChosen((current) => ({ ...current, ...patch }))}
      groups={groups}
      groupsLoading={groupsQuery.isFetching}
      models={models}
      modelsLoading={modelsQuery.isFetching}
    />
  );

  return (
    <div className="playground-layout">
      {(!isMobile || settingsOpen) && <div className="playground-settings">{panel}</div>}
      <ChatBox
        messages={session.messages}
        streaming={session.streaming}
        onSend={(content) => session.send(content, settings)}
        onStop={session.stop}
        onClear={session.clear}
        extra={
          isMobile ? (
            <Button
              size="small"
              icon={<SettingOutlined />}
              type={settingsOpen ? 'primary' : 'default'}
              onClick={() => setSettingsOpen((open) => !open)}
              aria-expanded={settingsOpen}
              data-testid="playground-settings-toggle"
            >
              {settingsOpen ? t('playground.settings.hide') : t('playground.settings.show')}
            </Button>
          ) : null
        }
      />
    </div>
  );
}
