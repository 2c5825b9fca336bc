import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineNumber } from './ChannelCells.tsx';

function renderCell(onCommit: (value: number) => Promise<unknown>, value = 5, min = 0) {
  const view = render(
    <InlineNumber value={value} min={min} onCommit={onCommit} testId="cell" ariaLabel="cell" />,
  );
  const input = screen.getByTestId('cell') as HTMLInputElement;
  return { view, input };
}

describe('InlineNumber', () => {
  it('saves a changed value once when the cell is left', async () => {
    const onCommit = vi.fn(() => Promise.resolve());
    const { input } = renderCell(onCommit);
    fireEvent.change(input, { target: { value: '8' } });
    await act(async () => {
      fireEvent.blur(input);
    });
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(8);
  });

  it('does not save an unchanged value', async () => {
    const onCommit = vi.fn(() => Promise.resolve());
    const { input } = renderCell(onCommit);
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('raises a value below the minimum to the minimum', async () => {
    const onCommit = vi.fn(() => Promise.resolve());
    const { input } = renderCell(onCommit, 5, 0);
    fireEvent.change(input, { target: { value: '-3' } });
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(onCommit).toHaveBeenCalledWith(0);
  });

  it('puts the stored value back when saving fails', async () => {
    const onCommit = vi.fn(() => Promise.reject(new Error('refused')));
    const { input } = renderCell(onCommit);
    fireEvent.change(input, { target: { value: '9' } });
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(input.value).toBe('5');
  });

  it('takes a new value from the server', () => {
    const onCommit = vi.fn(() => Promise.resolve());
    const { view, input } = renderCell(onCommit, 5);
    view.rerender(<InlineNumber value={12} min={0} onCommit={onCommit} testId="cell" ariaLabel="cell" />);
    expect(input.value).toBe('12');
  });
});
