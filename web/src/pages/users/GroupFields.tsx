import { FormSelect } from '../../components/FormSelect.tsx';
import { SearchSelectField } from '../../components/list-page/ListPage.tsx';
import { useGroupOptions } from './use-users.ts';

export interface GroupSearchFieldProps {
  width: number;
  /** The label and the placeholder. */
  texts: readonly [label: string, placeholder: string];
}

/** The group choice of a list page's search form (users, channels), offering the site's groups. */
export function GroupSearchField({ width, texts }: GroupSearchFieldProps) {
  const groups = useGroupOptions();
  return (
    <SearchSelectField
      name="group"
      width={width}
      texts={texts}
      options={groups.options}
      loading={groups.loading}
    />
  );
}

export interface GroupsFormSelectProps {
  name: string;
  label: string;
  extra?: string;
  placeholder: string;
  /** Offered besides the site's groups, e.g. the groups already chosen. */
  also?: readonly string[];
  testId: string;
}

/** A form field choosing any number of the site's groups (channel form, tag edit). */
export function GroupsFormSelect({ also, ...field }: GroupsFormSelectProps) {
  const groups = useGroupOptions(also);
  return (
    <FormSelect {...field} mode="multiple" allowClear options={groups.options} loading={groups.loading} />
  );
}
