import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Role } from '../../../common/roles.ts';
import { clearStoredUser, USER_STORAGE_KEY } from '../api/stored-user.ts';
import { RequireAdmin, RequireLogin, SetupGate } from './guards.tsx';
import { SessionProvider } from './session.tsx';
import { StatusContext } from './status.tsx';
import { DEFAULT_STATUS } from './status-storage.ts';

function LoginProbe() {
  return <p>login page{useLocation().search}</p>;
}

function renderAt(path: string, { setup = true, isFresh = true } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SetupGate>
            <Outlet />
          </SetupGate>
        ),
        children: [
          { path: '/setup', element: <p>setup page</p> },
          { path: '/login', element: <LoginProbe /> },
          {
            element: <RequireLogin />,
            children: [
              { path: '/personal', element: <p>personal page</p> },
              {
                element: <RequireAdmin fallback={<p>not found</p>} />,
                children: [{ path: '/user', element: <p>users page</p> }],
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StatusContext.Provider
        value={{ status: { ...DEFAULT_STATUS, setup }, isFresh, refresh: async () => {} }}
      >
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </StatusContext.Provider>
    </QueryClientProvider>,
  );
}

function logInAs(role: number) {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 3, username: 'carol', role, status: 1 }));
}

describe('SetupGate', () => {
  it('sends every page to /setup while the server says setup is not done', () => {
    renderAt('/login', { setup: false });
    expect(screen.getByText('setup page')).toBeTruthy();
  });

  it('waits for the server before trusting a cached "not set up"', () => {
    renderAt('/login', { setup: false, isFresh: false });
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('lets pages through once setup is done', () => {
    renderAt('/login');
    expect(screen.getByText('login page')).toBeTruthy();
  });
});

describe('RequireLogin and RequireAdmin', () => {
  it('sends visitors to /login', () => {
    renderAt('/personal');
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('says so when the server ended the session', () => {
    logInAs(Role.common);
    clearStoredUser('expired');
    renderAt('/personal');
    expect(screen.getByText('login page?expired=true')).toBeTruthy();
    clearStoredUser();
  });

  it('shows protected pages to a logged-in user', () => {
    logInAs(Role.common);
    renderAt('/personal');
    expect(screen.getByText('personal page')).toBeTruthy();
  });

  it('shows admin pages to admins only', () => {
    logInAs(Role.common);
    renderAt('/user');
    expect(screen.getByText('not found')).toBeTruthy();
  });

  it('shows admin pages to an admin', () => {
    logInAs(Role.admin);
    renderAt('/user');
    expect(screen.getByText('users page')).toBeTruthy();
  });
});
