import type { ChatLink, PublicStatus, SessionUser } from '../../common/api-types.ts';
import { isAdminRole, isRootRole } from '../../common/roles.ts';

/** Where a password login lands: the token page (docs/reference/console-screens.md route table). */
export const AFTER_LOGIN_PATH = '/token';

/** Target of the top bar's "console" entry (the console's landing page). */
export const CONSOLE_PATH = '/token';

/** Everything the navigation depends on: who is logged in, the public status flags and today's date. */
export interface NavContext {
  loggedIn: boolean;
  isAdmin: boolean;
  isRoot: boolean;
  enableDataExport: boolean;
  enableDrawing: boolean;
  enableTask: boolean;
  selfUseMode: boolean;
  demoSite: boolean;
  docsLink: string;
  chats: ChatLink[];
  today: Date;
}

export function navContextFrom(
  status: PublicStatus,
  user: SessionUser | null,
  today = new Date(),
): NavContext {
  return {
    loggedIn: user !== null,
    isAdmin: user !== null && isAdminRole(user.role),
    isRoot: user !== null && isRootRole(user.role),
    enableDataExport: status.enable_data_export,
    enableDrawing: status.enable_drawing,
    enableTask: status.enable_task,
    selfUseMode: status.self_use_mode_enabled,
    demoSite: status.demo_site_enabled,
    docsLink: status.docs_link,
    chats: Array.isArray(status.chats) ? status.chats : [],
    today,
  };
}

export type NavIcon =
  | 'playground'
  | 'chat'
  | 'dashboard'
  | 'token'
  | 'log'
  | 'drawing'
  | 'task'
  | 'channel'
  | 'redemption'
  | 'user'
  | 'setting'
  | 'wallet'
  | 'models'
  | 'subscriptions'
  | 'audit'
  | 'personal';

/** A side-bar entry. `labelKey` is an i18n key; `label` (chat names) is shown as it is. */
export interface SideBarItem {
  key: string;
  path: string;
  icon: NavIcon;
  labelKey?: string;
  label?: string;
  children?: SideBarItem[];
}

export interface SideBarSection {
  key: 'chat' | 'console' | 'admin' | 'personal';
  labelKey: string;
  items: SideBarItem[];
}

interface SideBarItemRule extends SideBarItem {
  visible: (context: NavContext) => boolean;
}

const always = () => true;
const forAdmins = (context: NavContext) => context.isAdmin;

const sideBarRules: { key: SideBarSection['key']; labelKey: string; items: SideBarItemRule[] }[] = [
  {
    key: 'chat',
    labelKey: 'nav.section.chat',
    items: [
      {
        key: 'playground',
        path: '/playground',
        icon: 'playground',
        labelKey: 'nav.playground',
        visible: always,
      },
    ],
  },
  {
    key: 'console',
    labelKey: 'nav.section.console',
    items: [
      {
        key: 'detail',
        path: '/detail',
        icon: 'dashboard',
        labelKey: 'nav.dashboard',
        visible: (context) => context.enableDataExport,
      },
      { key: 'token', path: '/token', icon: 'token', labelKey: 'nav.token', visible: always },
      { key: 'log', path: '/log', icon: 'log', labelKey: 'nav.log', visible: always },
      {
        key: 'midjourney',
        path: '/midjourney',
        icon: 'drawing',
        labelKey: 'nav.drawingLog',
        visible: (context) => context.enableDrawing,
      },
      {
        key: 'task',
        path: '/task',
        icon: 'task',
        labelKey: 'nav.taskLog',
        visible: (context) => context.enableTask,
      },
    ],
  },
  {
    key: 'admin',
    labelKey: 'nav.section.admin',
    items: [
      { key: 'channel', path: '/channel', icon: 'channel', labelKey: 'nav.channel', visible: forAdmins },
      {
        key: 'redemption',
        path: '/redemption',
        icon: 'redemption',
        labelKey: 'nav.redemption',
        visible: forAdmins,
      },
      { key: 'models', path: '/models', icon: 'models', labelKey: 'catalogue.title', visible: forAdmins },
      {
        key: 'topup-orders',
        path: '/topup-orders',
        icon: 'wallet',
        labelKey: 'payments.orders.title',
        visible: forAdmins,
      },
      {
        key: 'subscriptions',
        path: '/subscriptions',
        icon: 'subscriptions',
        labelKey: 'subscriptions.title',
        visible: forAdmins,
      },
      { key: 'user', path: '/user', icon: 'user', labelKey: 'nav.user', visible: forAdmins },
      { key: 'audit', path: '/audit', icon: 'audit', labelKey: 'audit.title', visible: forAdmins },
      { key: 'setting', path: '/setting', icon: 'setting', labelKey: 'nav.setting', visible: forAdmins },
    ],
  },
  {
    key: 'personal',
    labelKey: 'nav.section.personal',
    items: [
      { key: 'topup', path: '/topup', icon: 'wallet', labelKey: 'nav.wallet', visible: always },
      { key: 'personal', path: '/personal', icon: 'personal', labelKey: 'nav.personal', visible: always },
    ],
  },
];

/** The chat submenu: one entry per saved chat (status.chats is a list of {name: link template}). */
export function chatMenuItems(chats: ChatLink[]): SideBarItem[] {
  const items: SideBarItem[] = [];
  chats.forEach((chat, index) => {
    const name = Object.keys(chat)[0];
    if (name) items.push({ key: `chat-${index}`, path: `/chat/${index}`, icon: 'chat', label: name });
  });
  return items;
}

/** The side-bar sections and items the current user may see; empty sections are dropped. */
export function visibleSideBarSections(context: NavContext): SideBarSection[] {
  const sections: SideBarSection[] = [];
  for (const rule of sideBarRules) {
    const items: SideBarItem[] = rule.items
      .filter((item) => item.visible(context))
      .map(({ visible: _visible, ...item }) => item);
    if (rule.key === 'chat') {
      const chats = chatMenuItems(context.chats);
      if (chats.length > 0)
        items.push({ key: 'chat', path: '/chat', icon: 'chat', labelKey: 'nav.chat', children: chats });
    }
    if (items.length > 0) sections.push({ key: rule.key, labelKey: rule.labelKey, items });
  }
  return sections;
}

/** Paths whose pages have no side bar (home, chat embeds, first-run setup). */
export function isSideBarHiddenPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/setup' || pathname === '/chat' || pathname.startsWith('/chat/');
}

/** The side bar is shown to logged-in users on wide screens, except on the paths above. */
export function isSideBarShown(
  pathname: string,
  context: Pick<NavContext, 'loggedIn'>,
  isMobile: boolean,
): boolean {
  return context.loggedIn && !isMobile && !isSideBarHiddenPath(pathname);
}

/** The side-bar key that matches a path (`/user/edit/3` selects `user`, `/chat/2` selects `chat-2`). */
export function selectedSideBarKey(pathname: string): string {
  const chatMatch = /^\/chat\/(\d+)/.exec(pathname);
  if (chatMatch) return `chat-${chatMatch[1]}`;
  return pathname.split('/')[1] ?? '';
}

export interface TopBarItem {
  key: string;
  labelKey: string;
  /** In-app path; absent for external links and actions. */
  path?: string;
  /** External address, opened in a new tab. */
  href?: string;
}

export function isNewYearsDay(date: Date): boolean {
  return date.getMonth() === 0 && date.getDate() === 1;
}

/** Top-bar links: home, console, pricing, docs (when configured), about, and a New Year's Day greeting on 1 January. */
export function topBarItems(context: NavContext): TopBarItem[] {
  const items: TopBarItem[] = [
    { key: 'home', labelKey: 'nav.home', path: '/' },
    { key: 'console', labelKey: 'nav.console', path: CONSOLE_PATH },
    { key: 'pricing', labelKey: 'nav.pricing', path: '/pricing' },
  ];
  if (context.docsLink) items.push({ key: 'docs', labelKey: 'nav.docs', href: context.docsLink });
  items.push({ key: 'about', labelKey: 'nav.about', path: '/about' });
  if (isNewYearsDay(context.today)) items.push({ key: 'new-year', labelKey: 'nav.newYear' });
  return items;
}

/** The top-bar key that matches a path. */
export function selectedTopBarKey(pathname: string): string {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/pricing')) return 'pricing';
  if (pathname.startsWith('/about')) return 'about';
  return '';
}

/** Register is offered unless the site runs in self-use mode. */
export function isRegisterOffered(context: Pick<NavContext, 'selfUseMode'>): boolean {
  return !context.selfUseMode;
}
