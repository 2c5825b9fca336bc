import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs everything `npm test` promises: unit and integration tests of the server and
 * common code (on SQLite, and on PostgreSQL/MySQL/Redis when they answer), the console's unit tests
 * (jsdom), and the browser tests (playwright-core + Debian's Chromium) against the built console.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/src/**/*.test.ts', 'common/**/*.test.ts'],
          // The server bundle `npm start` runs, for the tests that start the server as a process.
          globalSetup: ['server/src/test-support/global-build.ts'],
          exclude: ['server/src/**/*.timing.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Tests that assert wall-clock latency run alone, after every other project, so that the
        // machine's two cores are not shared with other test files while they measure.
        test: {
          name: 'server-timing',
          environment: 'node',
          include: ['server/src/**/*.timing.test.ts'],
          globalSetup: ['server/src/test-support/global-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
