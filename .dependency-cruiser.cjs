// The import rules of src/ (architecture.md "Layout" and properties 2, 3 and 9), checked by
// `npm run lint:imports` in CI. Layers, lowest first; a file may import its own layer or lower:
//   0 domain/, errors.ts, version.ts, memory.ts   pure rules and shared constants, no I/O
//   1 config.ts, schemas/                         settings and the zod shapes of the interface
//   2 db/                                         connections, migrations, the family scope
//   3 services/                                   use cases; the only callers of db/ for doors
//   4 http/, mcp/, mqtt/, outbox/                 doors in (routes, tools, MQTT commands) and
//                                                 out (the outbox's senders), side by side
//   5 cli/, main.ts, notifier.ts                  entry points that put the doors together
// and no files import each other in a circle, types included.
const layers = [
  ['^src/(domain/|errors\\.ts$|version\\.ts$|memory\\.ts$)'],
  ['^src/(config\\.ts$|schemas/)'],
  ['^src/db/'],
  ['^src/services/'],
  ['^src/(http|mcp|mqtt|outbox)/'],
  ['^src/(cli/|main\\.ts$|notifier\\.ts$)'],
];

const above = (i) => layers.slice(i + 1).flat();

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a circle: move what both need down a layer.',
      from: { path: '^(src|web/src)/' },
      to: { circular: true },
    },
    ...layers.slice(0, -1).map((paths, i) => ({
      name: `layer-${i}-imports-up`,
      severity: 'error',
      comment: 'A file imports from a layer above its own (see the table at the top of this file).',
      from: { path: paths },
      to: { path: above(i) },
    })),
    {
      name: 'services-import-no-sender',
      severity: 'error',
      comment: 'Services record domain events on the transaction; only the outbox worker sends (property 9).',
      from: { path: '^src/services/' },
      to: { path: ['^src/(outbox|mqtt)/', '^node_modules/(mqtt|web-push|standardwebhooks)/'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
