import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChannelFilter, DateTimeFilter, FilterForm, TextFilter } from '../FilterForm.tsx';
import { SearchButtons } from '../SearchButtons.tsx';
import type { TaskLogFilterValues } from './task-log-filters.ts';

export interface TaskLogFilterFormProps {
  form: FormInstance<TaskLogFilterValues>;
  initialValues: TaskLogFilterValues;
  /** Admins also filter by channel id. */
  admin: boolean;
  /** Label and placeholder of the upstream id field (drawing task ID, task ID). */
  idLabel: string;
  idPlaceholder: string;
  /** Test ids are `<prefix>-filter-channel|id|start|end` and `<prefix>-search-submit|reset`. */
  testIdPrefix: string;
  onSearch: (values: TaskLogFilterValues) => void;
  onReset: () => void;
}

/** Filters of the drawing log and the task log; the page applies them when Search is pressed. */
export function TaskLogFilterForm(props: TaskLogFilterFormProps) {
  const { t } = useTranslation();
  return (
    <FilterForm<TaskLogFilterValues>
      form={props.form}
      initialValues={props.initialValues}
      onSearch={props.onSearch}
      testIdPrefix={props.testIdPrefix}
      buttons={
        <SearchButtons
          testIdPrefix={props.testIdPrefix}
          submitLabel={t('taskLog.filter.search')}
          resetLabel={t('taskLog.filter.reset')}
          onReset={props.onReset}
        />
      }
    >
      {props.admin && (
        <ChannelFilter texts={[t('taskLog.filter.channel'), t('taskLog.filter.channelPlaceholder')]} />
      )}
      <TextFilter name="upstreamId" id="id" texts={[props.idLabel, props.idPlaceholder]} />
      <DateTimeFilter name="start" label={t('taskLog.filter.start')} />
      <DateTimeFilter name="end" label={t('taskLog.filter.end')} />
    </FilterForm>
  );
}
