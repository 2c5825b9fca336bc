import { describe, expect, it } from 'vitest';
import {
  availableLogColumns,
  defaultLogColumnVisibility,
  LOG_COLUMNS,
  LOG_COLUMNS_STORAGE_KEY,
  parseLogColumnVisibility,
  readLogColumnVisibility,
  storeLogColumnVisibility,
  visibleLogColumns,
} from './log-columns.ts';

const everyColumn = [...LOG_COLUMNS];
const userColumns = everyColumn.filter((column) => column !== 'channel' && column !== 'username');

describe('availableLogColumns', () => {
  it.each([
    [true, everyColumn],
    [false, userColumns],
  ])('admin %s → %o', (admin, expected) => {
    expect(availableLogColumns(admin)).toEqual(expected);
  });
});

describe('parseLogColumnVisibility', () => {
  const allShown = defaultLogColumnVisibility();
  it.each<[string | null, Record<string, boolean>]>([
    [null, allShown],
    ['', allShown],
    ['not json', allShown],
    ['[]', allShown],
    ['"text"', allShown],
    ['{"cost":false}', { ...allShown, cost: false }],
    ['{"cost":"false","unknown":false}', allShown],
    ['{"time":false,"details":false}', { ...allShown, time: false, details: false }],
  ])('%s', (stored, expected) => {
    expect(parseLogColumnVisibility(stored)).toEqual(expected);
  });
});

describe('visibleLogColumns', () => {
  it.each<[Record<string, boolean>, boolean, string[]]>([
    [{}, true, everyColumn],
    [{}, false, userColumns],
    [{ channel: false, prompt: false }, true, everyColumn.filter((c) => c !== 'channel' && c !== 'prompt')],
    // A stored "show channel" never reveals the admin columns to a user.
    [{ channel: true, username: true }, false, userColumns],
  ])('%o, admin %s', (choices, admin, expected) => {
    expect(visibleLogColumns({ ...defaultLogColumnVisibility(), ...choices }, admin)).toEqual(expected);
  });
});

describe('stored choice', () => {
  it('round-trips through logs-table-columns', () => {
    const visibility = { ...defaultLogColumnVisibility(), group: false };
    storeLogColumnVisibility(visibility, localStorage);
    expect(JSON.parse(localStorage.getItem(LOG_COLUMNS_STORAGE_KEY) ?? '')).toEqual(visibility);
    expect(readLogColumnVisibility(localStorage)).toEqual(visibility);
  });
});
