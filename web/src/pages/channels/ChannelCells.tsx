/** Small cells of the channel table: status tag, response time, inline number editor, balance. */
import { InputNumber, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../api/channels.ts';
import { formatUnixTime } from '../tokens/token-display.ts';
import { balanceText, channelStatusLabel, parseStatusReason, responseTimeLabel } from './channel-display.ts';

/** The auto-disable reason and time, or undefined when the channel was not disabled automatically. */
export function useStatusReasonText(channel: Pick<ChannelView, 'status' | 'other_info'>): string | undefined {
  const { t } = useTranslation();
  if (channel.status !== 3) return undefined;
  const reason = parseStatusReason(channel.other_info);
  if (!reason) return undefined;
  return t('channels.status.reason', {
    reason: reason.reason,
    time: reason.time === null ? '-' : formatUnixTime(reason.time),
  });
}

export function ChannelStatusTag({
  channel,
}: {
  channel: Pick<ChannelView, 'id' | 'status' | 'other_info'>;
}) {
  const { t } = useTranslation();
  const label = channelStatusLabel(channel.status);
  const reason = useStatusReasonText(channel);
  return (
    <Tooltip title={reason}>
      <Tag color={label.color} data-testid={`channel-status-${channel.id}`}>
        {t(label.key)}
      </Tag>
    </Tooltip>
  );
}

export function ResponseTimeTag({ milliseconds, testTime }: { milliseconds: number; testTime?: number }) {
  const { t } = useTranslation();
  const label = responseTimeLabel(milliseconds);
  const tested =
    testTime && testTime > 0
      ? t('channels.responseTime.testedAt', { time: formatUnixTime(testTime) })
      : undefined;
  return (
    <Tooltip title={tested}>
      <Tag color={label.color}>
        {label.seconds === null
          ? t('channels.responseTime.untested')
          : t('channels.responseTime.seconds', { seconds: label.seconds })}
      </Tag>
    </Tooltip>
  );
}

export interface InlineNumberProps {
  value: number;
  min: number;
  /** Saves the value; a rejection (failure or cancel) puts the stored value back. */
  onCommit: (value: number) => Promise<unknown>;
  testId: string;
  ariaLabel: string;
}

/** An integer cell saved on blur or Enter when it changed; an emptied cell returns to its value. */
export function InlineNumber({ value, min, onCommit, testId, ariaLabel }: InlineNumberProps) {
  const [draft, setDraft] = useState<number | null>(value);
  const [shownValue, setShownValue] = useState(value);
  const committed = useRef<number | null>(null);
  // A new value from the server replaces the draft.
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(value);
  }

  const commit = () => {
    if (draft === null || !Number.isFinite(draft)) {
      setDraft(value);
      return;
    }
    const next = Math.max(min, Math.trunc(draft));
    if (next !== draft) setDraft(next);
    if (next === value || next === committed.current) return;
    committed.current = next;
    onCommit(next).catch(() => {
      committed.current = null;
      setDraft(value);
    });
  };

  return (
    <InputNumber
      size="small"
      style={{ width: 80 }}
      // No `min` on the input: it would swallow a lower value instead of reporting it; commit raises it.
      precision={0}
      value={draft}
      onChange={(next) => {
        committed.current = null;
        setDraft(typeof next === 'number' ? next : null);
      }}
      onBlur={commit}
      // Enter leaves the cell (which commits): the key press must not reach a dialog the commit opens.
      onPressEnter={(event) => {
        event.preventDefault();
        (event.target as HTMLInputElement).blur();
      }}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}

export interface BalanceCellProps {
  channel: Pick<ChannelView, 'id' | 'balance' | 'balance_updated_time'>;
  updating: boolean;
  onRefresh: () => void;
}

/** The upstream balance; clicking asks the upstream again. */
export function BalanceCell({ channel, updating, onRefresh }: BalanceCellProps) {
  const { t } = useTranslation();
  const updated =
    channel.balance_updated_time > 0
      ? t('channels.balance.updatedAt', { time: formatUnixTime(channel.balance_updated_time) })
      : t('channels.balance.neverUpdated');
  return (
    <Tooltip title={`${t('channels.balance.clickToUpdate')} ${updated}`}>
      <Tag
        color={updating ? 'processing' : 'default'}
        style={{ cursor: 'pointer' }}
        onClick={updating ? undefined : onRefresh}
        role="button"
        aria-label={t('channels.balance.clickToUpdate')}
        data-testid={`channel-balance-${channel.id}`}
      >
        {balanceText(channel.balance)}
      </Tag>
    </Tooltip>
  );
}
