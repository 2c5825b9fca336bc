import { describe, expect, it } from 'vitest';
import {
  completeStatus,
  DEFAULT_STATUS,
  readCachedStatus,
  readSideBarCollapsed,
  StatusStorageKey,
  storeStatus,
  writeSideBarCollapsed,
} from './status-storage.ts';

describe('status cache', () => {
  it('stores the status and the keys derived from it', () => {
    const chats = [{ Lobe: 'https://lobe.example/?key={key}' }];
    storeStatus({
      ...DEFAULT_STATUS,
      enable_drawing: true,
      enable_task: false,
      enable_data_export: true,
      mj_notify_enabled: true,
      footer_html: '<b>hi</b>',
      chats,
    });
    expect(localStorage.getItem(StatusStorageKey.enableDrawing)).toBe('true');
    expect(localStorage.getItem(StatusStorageKey.enableTask)).toBe('false');
    expect(localStorage.getItem(StatusStorageKey.enableDataExport)).toBe('true');
    expect(localStorage.getItem(StatusStorageKey.mjNotifyEnabled)).toBe('true');
    expect(localStorage.getItem(StatusStorageKey.footerHtml)).toBe('<b>hi</b>');
    expect(JSON.parse(localStorage.getItem(StatusStorageKey.chats) ?? '')).toEqual(chats);
    expect(readCachedStatus()?.enable_drawing).toBe(true);
  });

  it('seeds the side-bar choice from the status but keeps what the user chose', () => {
    storeStatus({ ...DEFAULT_STATUS, default_collapse_sidebar: true });
    expect(readSideBarCollapsed()).toBe(true);
    writeSideBarCollapsed(false);
    storeStatus({ ...DEFAULT_STATUS, default_collapse_sidebar: true });
    expect(readSideBarCollapsed()).toBe(false);
  });

  it('ignores a missing or broken cache', () => {
    expect(readCachedStatus()).toBeUndefined();
    localStorage.setItem(StatusStorageKey.status, '{not json');
    expect(readCachedStatus()).toBeUndefined();
    localStorage.setItem(StatusStorageKey.status, '[1,2]');
    expect(readCachedStatus()).toBeUndefined();
  });

  it('fills fields an older server leaves out', () => {
    const status = completeStatus({ system_name: 'Gateway', setup: false });
    expect(status.system_name).toBe('Gateway');
    expect(status.setup).toBe(false);
    expect(status.quota_per_unit).toBe(500_000);
    expect(status.chats).toEqual([]);
  });
});
