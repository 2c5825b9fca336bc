/**
 * No runtime cycles anywhere (`npm run deps`, after .dependency-cruiser.cjs). Type-only imports are
 * left out here: a cycle through `import type` is harmless, and walking them would hide runtime cycles
 * behind type-only paths (dependency-cruiser reports one cycle per import).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'modules must not import each other in a circle at runtime; move the shared piece down',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: false,
  },
};
