import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubTableMeasuring } from '../table-test-stubs.ts';
import { DeleteButton, type DeleteButtonProps } from './RowActions.tsx';

// The confirmation popup measures itself as tables do.
stubTableMeasuring();

function renderButton(look?: DeleteButtonProps['look']) {
  cleanup();
  const onConfirm = vi.fn();
  render(
    <DeleteButton
      look={look}
      label="Delete"
      confirmTitle="Delete it?"
      confirmDescription="It cannot be undone."
      confirmLabel="Yes"
      cancelLabel="No"
      onConfirm={onConfirm}
      loading={false}
      testId="row-delete"
      confirmTestId="row-delete-confirm"
    />,
  );
  return { button: screen.getByTestId('row-delete'), onConfirm };
}

describe('DeleteButton', { timeout: 30_000 }, () => {
  it('deletes only after the confirmation', async () => {
    const { button, onConfirm } = renderButton();
    fireEvent.click(button);
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('It cannot be undone.')).toBeTruthy());
    fireEvent.click(screen.getByTestId('row-delete-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows its label as text, as a bin with a hint, or as both in a toolbar', () => {
    const text = renderButton('text').button;
    expect(text.textContent).toBe('Delete');
    expect(text.className).toContain('ant-btn-sm');
    expect(text.querySelector('.anticon-delete')).toBeNull();

    const icon = renderButton('icon').button;
    expect(icon.textContent).toBe('');
    expect(icon.getAttribute('aria-label')).toBe('Delete');
    expect(icon.getAttribute('title')).toBe('Delete');
    expect(icon.className).toContain('ant-btn-sm');
    expect(icon.querySelector('.anticon-delete')).not.toBeNull();

    const toolbar = renderButton('toolbar').button;
    expect(toolbar.textContent).toBe('Delete');
    expect(toolbar.className).not.toContain('ant-btn-sm');
    expect(toolbar.querySelector('.anticon-delete')).not.toBeNull();
  });
});
