/**
 * The dependency rules (`npm run deps`, part of `npm run lint`): the server's layers may only import
 * downwards, the console and the server never import each other, common/ runs in both, and nothing
 * is dead. The layering and the reasons are in docs/architecture.md, "Layers". Type-only imports count:
 * an arrow back up couples the code whether or not it survives compilation.
 *
 * Runtime cycles are checked by .dependency-cruiser.runtime.cjs (run after this one), because cycle
 * detection here would also walk type-only imports.
 */

/** Tests and their helpers may import anything (and nothing imports them). */
const TEST_FILES = ['\\.test\\.tsx?$', '^server/src/test-support/', '(^|/|-)test-[^/]*\\.tsx?$'];

/**
 * The server's layers, bottom rank first. A part may import the parts of lower ranks, never a part of
 * its own rank or a higher one. `context.ts` (the type of the assembled app) may be imported, type
 * only, from the rank of auth/ upwards.
 */
const RANKS = [
  [{ name: 'common', path: '^common/' }],
  [{ name: 'db', path: '^server/src/db/' }],
  [{ name: 'lib', path: '^server/src/lib/' }],
  [
    { name: 'options', path: '^server/src/options/' },
    { name: 'config', path: '^server/src/config\\.ts$' },
  ],
  [{ name: 'auth', path: '^server/src/auth/', context: true }],
  [{ name: 'relay', path: '^server/src/relay/', context: true }],
  [
    { name: 'jobs', path: '^server/src/jobs/', context: true },
    { name: 'metrics', path: '^server/src/metrics/', context: true },
  ],
  [{ name: 'api', path: '^server/src/api/', context: true }],
  [{ name: 'app', path: '^server/src/(app|main|workers|console-static)\\.ts$', context: true }],
];
const CONTEXT = '^server/src/context\\.ts$';

const layerRules = RANKS.slice(0, -1).flatMap((rank, index) =>
  rank.map((part) => {
    const below = RANKS.slice(0, index).flatMap((lower) => lower.map((other) => other.name));
    const forbidden = [
      ...rank.filter((other) => other !== part).map((other) => other.path),
      ...RANKS.slice(index + 1).flatMap((higher) => higher.map((other) => other.path)),
    ];
    if (!part.context) forbidden.push(CONTEXT);
    return {
      name: `layer-${part.name}`,
      comment: `${part.name} may import only ${below.join(', ') || 'itself'} (docs/architecture.md, "Layers")`,
      severity: 'error',
      from: { path: part.path, pathNot: TEST_FILES },
      to: { path: forbidden },
    };
  }),
);

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'api-views-from-rows',
      comment: 'a view shapes stored rows for the console; it does not read the relay, jobs or the app',
      severity: 'error',
      from: { path: '^server/src/api/[^/]+/view\\.ts$' },
      to: { path: ['^server/src/(relay|jobs|metrics)/', CONTEXT] },
    },
    {
      name: 'context-type-only',
      comment: 'context.ts describes the assembled app: import its types only (import type)',
      severity: 'error',
      from: { pathNot: TEST_FILES },
      to: { path: CONTEXT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-top-not-imported',
      comment: 'nothing but main.ts imports app.ts or workers.ts, and nothing imports main.ts',
      severity: 'error',
      from: { path: '^server/src/', pathNot: [...TEST_FILES, '^server/src/main\\.ts$'] },
      to: { path: '^server/src/(main|app|workers)\\.ts$' },
    },
    {
      name: 'common-is-portable',
      comment:
        'common/ runs in Node and in the browser: no Node built-ins, no React, nothing outside common/',
      severity: 'error',
      from: { path: '^common/', pathNot: TEST_FILES },
      to: {
        path: ['^(server|web|e2e|bench)/', 'node_modules/(react|react-dom|react-router|antd|@ant-design)/'],
      },
    },
    {
      name: 'common-no-node-builtins',
      severity: 'error',
      from: { path: '^common/', pathNot: TEST_FILES },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-not-server',
      comment: 'the console talks to the server over HTTP only; shared types live in common/',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'test helpers stay out of what ships',
      severity: 'error',
      from: { pathNot: TEST_FILES },
      to: { path: TEST_FILES },
    },
    {
      name: 'no-dead-server-modules',
      comment: 'every server module is reached from server/src/main.ts (tests aside): delete what is not',
      severity: 'error',
      from: { path: '^server/src/main\\.ts$' },
      to: { path: '^server/src/', pathNot: TEST_FILES, reachable: false },
    },
    {
      name: 'no-dead-console-modules',
      comment: 'every console module is reached from web/src/main.tsx (tests aside): delete what is not',
      severity: 'error',
      from: { path: '^web/src/main\\.tsx$' },
      to: { path: '^web/src/.+\\.tsx?$', pathNot: TEST_FILES, reachable: false },
    },
    {
      name: 'no-dead-common-modules',
      comment: 'every common/ module is used by the server or the console',
      severity: 'error',
      from: { path: '^(server/src/main\\.ts|web/src/main\\.tsx)$' },
      to: { path: '^common/', pathNot: TEST_FILES, reachable: false },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
