import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { ModelSearchInput } from './ModelSearchInput.tsx';

describe('ModelSearchInput', () => {
  it('filters while typing but not while an input method composes', () => {
    const onSearch = vi.fn();
    render(<ModelSearchInput onSearch={onSearch} />);
    const input = screen.getByTestId('pricing-search') as HTMLInputElement;

    fireEvent.change(input, { target: { value: 'gpt' } });
    expect(onSearch).toHaveBeenLastCalledWith('gpt');

    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'gpt qian' } });
    fireEvent.change(input, { target: { value: 'gpt qianwen' } });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('gpt qianwen');

    input.value = 'gpt 千问';
    fireEvent.compositionEnd(input);
    expect(onSearch).toHaveBeenLastCalledWith('gpt 千问');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
