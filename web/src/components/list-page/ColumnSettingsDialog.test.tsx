import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubTableMeasuring } from '../table-test-stubs.ts';
import { ColumnSettingsDialog, type ColumnSettingsDialogProps } from './ColumnSettingsDialog.tsx';

// The dialog's scroll lock measures the scroll bar as tables do.
stubTableMeasuring();

type Column = 'time' | 'model' | 'cost' | 'channel';

const texts = { title: 'Columns', all: 'All', reset: 'Reset', cancel: 'Cancel', save: 'Save' };
const allShown = { time: true, model: true, cost: true, channel: true };

function renderDialog(overrides: Partial<ColumnSettingsDialogProps<Column>> = {}) {
  const onSave = vi.fn();
  const props: ColumnSettingsDialogProps<Column> = {
    open: true,
    // The channel column is not offered (e.g. not an admin): its stored choice is kept as it is.
    columns: ['time', 'model', 'cost'],
    columnTitle: (column) => column.toUpperCase(),
    texts,
    testIdPrefix: 'rows',
    visibility: { ...allShown, cost: false, channel: false },
    defaults: () => allShown,
    onSave,
    onClose: () => {},
    ...overrides,
  };
  const view = render(<ColumnSettingsDialog<Column> {...props} />);
  const checkbox = (testId: string) =>
    view.baseElement.querySelector<HTMLInputElement>(
      `[data-testid="${testId}"] input, input[data-testid="${testId}"]`,
    );
  return { ...view, props, onSave, checkbox };
}

function save() {
  fireEvent.click(screen.getByTestId('rows-columns-save'));
}

describe('ColumnSettingsDialog', { timeout: 30_000 }, () => {
  it('starts from the stored choice, offering only the given columns', () => {
    const { checkbox } = renderDialog();
    expect(screen.getByText('TIME')).toBeTruthy();
    expect(screen.queryByText('CHANNEL')).toBeNull();
    expect(checkbox('rows-column-time')?.checked).toBe(true);
    expect(checkbox('rows-column-cost')?.checked).toBe(false);
    expect(checkbox('rows-columns-all')?.indeterminate).toBe(true);
  });

  it('saves a changed column, and "all" sets every offered column, keeping the others', () => {
    const { checkbox, onSave } = renderDialog();
    fireEvent.click(checkbox('rows-column-model') as HTMLInputElement);
    save();
    expect(onSave).toHaveBeenLastCalledWith({ time: true, model: false, cost: false, channel: false });
    fireEvent.click(checkbox('rows-columns-all') as HTMLInputElement);
    save();
    expect(onSave).toHaveBeenLastCalledWith({ time: true, model: true, cost: true, channel: false });
    fireEvent.click(checkbox('rows-columns-all') as HTMLInputElement);
    save();
    expect(onSave).toHaveBeenLastCalledWith({ time: false, model: false, cost: false, channel: false });
  });

  it('resets to the defaults, and a new opening drops what was not saved', () => {
    const { checkbox, onSave, rerender, props } = renderDialog();
    fireEvent.click(screen.getByTestId('rows-columns-reset'));
    expect(checkbox('rows-column-cost')?.checked).toBe(true);
    save();
    expect(onSave).toHaveBeenLastCalledWith(allShown);
    fireEvent.click(checkbox('rows-column-time') as HTMLInputElement);
    rerender(<ColumnSettingsDialog<Column> {...props} open={false} />);
    rerender(<ColumnSettingsDialog<Column> {...props} open />);
    expect(checkbox('rows-column-time')?.checked).toBe(true);
    expect(checkbox('rows-column-cost')?.checked).toBe(false);
  });
});
