import { describe, expect, it } from 'vitest';
import type { ChatLink, SessionUser } from '../../common/api-types.ts';
import { Role } from '../../common/roles.ts';
import { DEFAULT_STATUS } from './components/status-storage.ts';
import {
  AFTER_LOGIN_PATH,
  chatMenuItems,
  isNewYearsDay,
  isRegisterOffered,
  isSideBarHiddenPath,
  isSideBarShown,
  type NavContext,
  navContextFrom,
  selectedSideBarKey,
  topBarItems,
  visibleSideBarSections,
} from './nav.ts';

const ordinaryDay = new Date(2025, 5, 15);

function user(role: number): SessionUser {
  return { id: 7, username: 'alice', display_name: 'Alice', role, status: 1, group: 'default' };
}

function context(overrides: Partial<NavContext> = {}): NavContext {
  return { ...navContextFrom(DEFAULT_STATUS, user(Role.common), ordinaryDay), ...overrides };
}

function sideBarKeys(navContext: NavContext): string[] {
  return visibleSideBarSections(navContext).flatMap((section) => section.items.map((item) => item.key));
}

describe('navContextFrom', () => {
  it('derives roles from the user', () => {
    expect(navContextFrom(DEFAULT_STATUS, null)).toMatchObject({
      loggedIn: false,
      isAdmin: false,
      isRoot: false,
    });
    expect(navContextFrom(DEFAULT_STATUS, user(Role.common))).toMatchObject({
      loggedIn: true,
      isAdmin: false,
    });
    expect(navContextFrom(DEFAULT_STATUS, user(Role.admin))).toMatchObject({ isAdmin: true, isRoot: false });
    expect(navContextFrom(DEFAULT_STATUS, user(Role.root))).toMatchObject({ isAdmin: true, isRoot: true });
  });

  it('copies the status flags', () => {
    const navContext = navContextFrom(
      {
        ...DEFAULT_STATUS,
        enable_drawing: true,
        self_use_mode_enabled: true,
        docs_link: 'https://docs.example',
      },
      null,
    );
    expect(navContext).toMatchObject({
      enableDrawing: true,
      selfUseMode: true,
      docsLink: 'https://docs.example',
    });
  });
});

describe('side bar', () => {
  it('shows a regular user the playground, the always-on console items and the personal items', () => {
    expect(sideBarKeys(context())).toEqual(['playground', 'token', 'log', 'topup', 'personal']);
  });

  it('adds the dashboard, drawing log and task log only when their features are on', () => {
    expect(sideBarKeys(context({ enableDataExport: true }))).toContain('detail');
    expect(sideBarKeys(context({ enableDrawing: true }))).toContain('midjourney');
    expect(sideBarKeys(context({ enableTask: true }))).toContain('task');
    const keys = sideBarKeys(context({ enableDataExport: true, enableDrawing: true, enableTask: true }));
    expect(keys.slice(1, 6)).toEqual(['detail', 'token', 'log', 'midjourney', 'task']);
  });

  it('shows the admin section (channel, redemption, models, top-up orders, plans, users, audit, settings) to admins only', () => {
    const sectionsOf = (navContext: NavContext) =>
      visibleSideBarSections(navContext).map((section) => section.key);
    expect(sectionsOf(context())).toEqual(['chat', 'console', 'personal']);
    expect(sectionsOf(context({ isAdmin: true }))).toEqual(['chat', 'console', 'admin', 'personal']);
    const admin = visibleSideBarSections(context({ isAdmin: true })).find(
      (section) => section.key === 'admin',
    );
    expect(admin?.items.map((item) => item.key)).toEqual([
      'channel',
      'redemption',
      'models',
      'topup-orders',
      'subscriptions',
      'user',
      'audit',
      'setting',
    ]);
  });

  it('builds the chat submenu from the saved chats', () => {
    const chats: ChatLink[] = [
      { ChatGPT: 'https://chat.example/#/?key={key}&url={address}' },
      { Lobe: 'https://lobe.example' },
    ];
    const chatSection = visibleSideBarSections(context({ chats })).find((section) => section.key === 'chat');
    const submenu = chatSection?.items.find((item) => item.key === 'chat');
    expect(submenu?.children?.map((item) => [item.label, item.path])).toEqual([
      ['ChatGPT', '/chat/0'],
      ['Lobe', '/chat/1'],
    ]);
    expect(sideBarKeys(context())).not.toContain('chat');
  });

  it('skips saved chats without a name', () => {
    expect(chatMenuItems([{}, { Next: 'https://next.example' }]).map((item) => item.key)).toEqual(['chat-1']);
  });

  it('is hidden on home, chat and setup paths, on mobile and for visitors', () => {
    for (const path of ['/', '/setup', '/chat', '/chat/2']) expect(isSideBarHiddenPath(path)).toBe(true);
    for (const path of ['/personal', '/user', '/about', '/chat2link'])
      expect(isSideBarHiddenPath(path)).toBe(false);
    expect(isSideBarShown('/personal', { loggedIn: true }, false)).toBe(true);
    expect(isSideBarShown('/personal', { loggedIn: true }, true)).toBe(false);
    expect(isSideBarShown('/personal', { loggedIn: false }, false)).toBe(false);
    expect(isSideBarShown('/', { loggedIn: true }, false)).toBe(false);
  });

  it('selects the item that owns the path', () => {
    expect(selectedSideBarKey('/user/edit/3')).toBe('user');
    expect(selectedSideBarKey('/personal')).toBe('personal');
    expect(selectedSideBarKey('/chat/4')).toBe('chat-4');
  });
});

describe('top bar', () => {
  const keys = (navContext: NavContext) => topBarItems(navContext).map((item) => item.key);

  it('lists home, console, pricing and about; console leads to the landing page', () => {
    expect(keys(context())).toEqual(['home', 'console', 'pricing', 'about']);
    expect(topBarItems(context()).find((item) => item.key === 'console')?.path).toBe(AFTER_LOGIN_PATH);
    expect(AFTER_LOGIN_PATH).toBe('/token');
  });

  it('adds the docs link, as an external address, only when configured', () => {
    const items = topBarItems(context({ docsLink: 'https://docs.example' }));
    expect(items.map((item) => item.key)).toEqual(['home', 'console', 'pricing', 'docs', 'about']);
    const docs = items.find((item) => item.key === 'docs');
    expect(docs?.href).toBe('https://docs.example');
    expect(docs?.path).toBeUndefined();
  });

  it("adds the New Year's Day item on 1 January only", () => {
    expect(isNewYearsDay(new Date(2026, 0, 1, 23, 59))).toBe(true);
    expect(isNewYearsDay(new Date(2026, 0, 2))).toBe(false);
    expect(isNewYearsDay(new Date(2026, 1, 1))).toBe(false);
    expect(keys(context({ today: new Date(2026, 0, 1) }))).toContain('new-year');
    expect(keys(context())).not.toContain('new-year');
  });

  it('offers registration except in self-use mode', () => {
    expect(isRegisterOffered({ selfUseMode: false })).toBe(true);
    expect(isRegisterOffered({ selfUseMode: true })).toBe(false);
  });
});
