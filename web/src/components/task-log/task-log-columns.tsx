/**
 * Columns the drawing log and the task log share: duration, channel (admins), status, tag columns and
 * long texts that open in a dialog. Drawings keep times in milliseconds, tasks in seconds (`unit`).
 */
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatUnixTime } from '../../pages/tokens/token-display.ts';
import { ChannelTag, DurationTag, EMPTY_CELL, LongTextCell, StatusTag } from './TaskLogCells.tsx';
import { type TagLabel, taskDurationSeconds } from './task-display.ts';

/** What both logs' rows have. */
export interface TaskLogRow {
  id: number;
  channel_id?: number;
  status: string;
  submit_time: number;
  finish_time: number;
}

export type TaskLogColumn<Row> = ColumnsType<Row>[number];

/** A time as the date and time on one line; '-' when not set. */
function timeCell(seconds: number) {
  return seconds > 0 ? <span style={{ whiteSpace: 'nowrap' }}>{formatUnixTime(seconds)}</span> : EMPTY_CELL;
}

function durationColumn<Row extends TaskLogRow>(
  title: string,
  unit: 'ms' | 's',
  testIdPrefix: string,
): TaskLogColumn<Row> {
  return {
    key: 'duration',
    title,
    render: (_value, row) => (
      <DurationTag
        seconds={taskDurationSeconds(row.submit_time, row.finish_time, unit)}
        testId={`${testIdPrefix}-duration-${row.id}`}
      />
    ),
  };
}

/** The channel column, for admins only (an empty list for everyone else). */
function channelColumns<Row extends TaskLogRow>(
  admin: boolean,
  title: string,
  testIdPrefix: string,
): TaskLogColumn<Row>[] {
  if (!admin) return [];
  return [
    {
      key: 'channel',
      title,
      render: (_value, row) => (
        <ChannelTag channelId={row.channel_id ?? 0} testId={`${testIdPrefix}-channel-${row.id}`} />
      ),
    },
  ];
}

function statusColumn<Row extends TaskLogRow>(title: string, testIdPrefix: string): TaskLogColumn<Row> {
  return {
    key: 'status',
    title,
    render: (_value, row) => <StatusTag status={row.status} testId={`${testIdPrefix}-status-${row.id}`} />,
  };
}

/** A column of coloured tags whose words are translated (type, platform, submit result). */
function tagColumn<Row>(
  key: string,
  title: string,
  label: (row: Row) => TagLabel,
  t: TFunction,
): TaskLogColumn<Row> {
  return {
    key,
    title,
    render: (_value, row) => {
      const tag = label(row);
      return <Tag color={tag.color}>{t(tag.key)}</Tag>;
    },
  };
}

/** A long text cut to the column; clicking opens it whole under the column's title. */
function longTextColumn<Row extends TaskLogRow>(
  key: string,
  title: string,
  text: (row: Row) => string,
  onOpen: (title: string, text: string) => void,
  testIdPrefix: string,
): TaskLogColumn<Row> {
  return {
    key,
    title,
    render: (_value, row) => (
      <LongTextCell text={text(row)} title={title} onOpen={onOpen} testId={`${testIdPrefix}-${row.id}`} />
    ),
  };
}

/** The shared column builders, used as `taskLogColumns.duration(…)`. */
export const taskLogColumns = {
  time: timeCell,
  duration: durationColumn,
  channel: channelColumns,
  status: statusColumn,
  tag: tagColumn,
  longText: longTextColumn,
};
