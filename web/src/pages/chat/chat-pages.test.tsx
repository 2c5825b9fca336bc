/**
 * The chat pages never open or embed a chat link that could run script in the console (javascript:,
 * data: …), even when an older database still holds one; safe links, app schemes included, still work.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../api/stored-user.ts';
import { SessionProvider } from '../../components/session.tsx';
import { StatusContext } from '../../components/status.tsx';
import { DEFAULT_STATUS } from '../../components/status-storage.ts';
import { ChatPage } from './ChatPage.tsx';
import { ChatToLinkPage } from './ChatToLinkPage.tsx';

vi.mock('./enabled-token.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./enabled-token.ts')>()),
  fetchEnabledTokenKeys: async () => ['abc123'],
}));

const EVIL = 'javascript:alert(document.cookie)';
const SNEAKY = ' \tJava\nScript:alert(1)';
const WEB = 'https://chat.example.com/?key={key}';

function renderAt(path: string, chats: Record<string, string>[]) {
  const router = createMemoryRouter(
    [
      { path: '/chat/:id?', element: <ChatPage /> },
      { path: '/chat2link', element: <ChatToLinkPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StatusContext.Provider
        value={{
          status: { ...DEFAULT_STATUS, setup: true, chats, server_address: 'https://gw.example.com' },
          isFresh: true,
          refresh: async () => {},
        }}
      >
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </StatusContext.Provider>
    </QueryClientProvider>,
  );
}

describe('chat pages and unsafe chat links', () => {
  const assign = vi.fn();

  beforeEach(() => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 3, username: 'carol', role: 1, status: 1 }));
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('/chat/0 does not embed a javascript: link', async () => {
    renderAt('/chat/0', [{ Evil: EVIL }]);
    expect(await screen.findByTestId('chat-link-problem')).toBeTruthy();
    expect(screen.queryByTestId('chat-frame')).toBeNull();
  });

  it('/chat/1 embeds the safe link beside an unsafe one', async () => {
    renderAt('/chat/1', [{ Evil: SNEAKY }, { Web: WEB }]);
    const frame = await screen.findByTestId('chat-frame');
    expect(frame.getAttribute('src')).toBe('https://chat.example.com/?key=sk-abc123');
  });

  it('/chat2link never navigates to a script link', async () => {
    renderAt('/chat2link', [{ Evil: EVIL }, { Data: 'data:text/html,<script>alert(1)</script>' }]);
    expect(await screen.findByTestId('chat-link-problem')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(assign).not.toHaveBeenCalled();
  });

  it('/chat2link goes to the first safe link, app schemes included', async () => {
    renderAt('/chat2link', [{ Evil: SNEAKY }, { Cherry: 'cherrystudio://providers/api-keys?v=1&key={key}' }]);
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('cherrystudio://providers/api-keys?v=1&key=sk-abc123'),
    );
  });
});
