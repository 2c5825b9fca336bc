import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { CustomRoutesEditor } from './CustomRoutesEditor.tsx';

// jsdom has no ResizeObserver, which the template box's auto-size uses; nothing here depends on sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const chat = { incoming_path: '/v1/chat/completions', upstream_path: '/v1/chat/completions' };

function renderEditor(settings: string) {
  const changes = vi.fn();
  render(
    <Form initialValues={{ settings }} onValuesChange={(changed) => changes(changed.settings)}>
      <CustomRoutesEditor />
    </Form>,
  );
  return changes;
}

describe('CustomRoutesEditor', { timeout: 60_000 }, () => {
  it('shows each stored route and the rule a route set breaks, in the console’s language', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderEditor(JSON.stringify({ advanced_custom: { advanced_routes: [chat, chat] } }));
    expect(screen.getAllByTestId(/^custom-route-\d+-card$/)).toHaveLength(2);
    expect((screen.getByTestId('custom-route-1-upstream') as HTMLInputElement).value).toBe(
      '/v1/chat/completions',
    );
    expect(screen.getByTestId('custom-routes-problem').textContent).toBe(
      'Route #2: A second route for /v1/chat/completions with every model (empty models)',
    );
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByTestId('custom-routes-problem').textContent).toBe(
      '路由 #2：/v1/chat/completions 已有一条匹配所有模型的路由（模型为空）',
    );
  });

  it('writes added and edited routes into settings, keeping its other keys', async () => {
    await act(() => i18n.changeLanguage('en'));
    const changes = renderEditor('{"azure_responses_version":"preview"}');
    expect(screen.getByTestId('custom-routes-problem').textContent).toBe('Add at least one route');
    fireEvent.click(screen.getByTestId('custom-routes-add'));
    fireEvent.change(screen.getByTestId('custom-route-0-upstream'), { target: { value: '/team/chat' } });
    fireEvent.click(screen.getByTestId('custom-route-0-add-header'));
    fireEvent.change(screen.getByTestId('custom-route-0-header-0-name'), { target: { value: 'X-Tenant' } });
    fireEvent.change(screen.getByTestId('custom-route-0-header-0-value'), { target: { value: 'acme' } });
    expect(JSON.parse(changes.mock.lastCall?.[0])).toEqual({
      azure_responses_version: 'preview',
      advanced_custom: {
        advanced_routes: [
          {
            incoming_path: '/v1/chat/completions',
            upstream_path: '/team/chat',
            headers: { 'X-Tenant': 'acme' },
          },
        ],
      },
    });
    expect(screen.queryByTestId('custom-routes-problem')).toBeNull();
    fireEvent.click(screen.getByTestId('custom-route-0-remove'));
    expect(screen.queryByTestId('custom-route-0-card')).toBeNull();
    expect(JSON.parse(changes.mock.lastCall?.[0]).advanced_custom.advanced_routes).toEqual([]);
  });

  it('says when the stored settings cannot be read, and starts afresh on request', async () => {
    await act(() => i18n.changeLanguage('en'));
    const changes = renderEditor('not json');
    fireEvent.click(screen.getByTestId('custom-routes-reset'));
    expect(JSON.parse(changes.mock.lastCall?.[0]).advanced_custom.advanced_routes).toHaveLength(1);
    expect(screen.getByTestId('custom-route-0-card')).toBeTruthy();
  });
});
