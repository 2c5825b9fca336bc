/**
 * The console API contract, in one place: every view the server replies with and every payload the
 * console sends, one file per resource under common/api/. The server's view builders return these types,
 * web/src/api/*.ts re-exports them for the pages, and the browser tests (e2e/) read replies with them, so a
 * field renamed on one side fails the type-check of the others. This file gathers them for importers that
 * want several resources at once.
 */
export * from './api/channels.ts';
export * from './api/dashboard.ts';
export * from './api/logs.ts';
export * from './api/options.ts';
export * from './api/playground.ts';
export * from './api/pricing.ts';
export * from './api/redemptions.ts';
export * from './api/reply.ts';
export * from './api/status.ts';
export * from './api/tasks.ts';
export * from './api/tokens.ts';
export * from './api/users.ts';
export * from './api/wallet.ts';
