// Imports that point one way (`npm run lint` runs this after ESLint): no cycle anywhere — type-only imports
// count, a row type that imports the domain is as tangled as a call — and the rooms point one way:
// resources/ declares and imports no other room, i18n/ words may read the declarations, server/ never reaches
// into scripts/ (the tools drive the server, not the other way round), the browser (src/) never into server/.
// Inside the server (docs/architecture.md "Which way imports point"): server/app.ts and server/main.ts put the
// features together; the features sit on the shared layers (http, db, crud, auth, events and the files beside
// them), which import no feature; and the features import each other one way, down FEATURE_ORDER.
/**
 * Every feature folder, lowest first: a feature may import only features listed before it, so no two features
 * import each other, even through a third. A feature that must tell a higher one something publishes an event
 * (server/events/domain.ts); a part both need moves down, out of the features. A new folder takes its place here.
 */
const FEATURE_ORDER = [
  // import no other feature
  'ops',
  'backup',
  'savedQueries',
  'live',
  'uploads',
  'forecast',
  'service',
  'vouchers',
  'webhooks',
  'accounts',
  'messages',
  // sign-in and two-factor: accounts, messages
  'auth',
  'totp',
  // alarms follow messages; stock alarms (catalog) and sales (orders) follow them
  'alarms',
  'catalog',
  'orders',
  // the robots' rows (fleet: written by what robots report, through its functions); the command ledger, campaigns
  // of commands, rules that lock robots (telemetry)
  'fleet',
  'commands',
  'campaigns',
  'telemetry',
  // the dashboard's fleet health is telemetry's
  'dashboard',
  'notify',
  // the robots' edge: records beats and takes robots' calls on the other features' behalf
  'gateway',
];
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...FEATURE_ORDER.slice(0, -1).map((feature, i) => ({
      name: `feature-one-way-${feature}`,
      severity: 'error',
      comment: `server/features/${feature}/ may import only the features before it in FEATURE_ORDER: publish an event (server/events/domain.ts) or move the shared part down.`,
      from: { path: `^server/features/${feature}/` },
      to: { path: `^server/features/(${FEATURE_ORDER.slice(i + 1).join('|')})/` },
    })),
    {
      name: 'feature-unplaced',
      severity: 'error',
      comment: 'Every folder of server/features/ takes its place in FEATURE_ORDER (.dependency-cruiser.cjs).',
      from: { path: '^server/features/[^/]+/', pathNot: `^server/features/(${FEATURE_ORDER.join('|')})/` },
      to: {},
    },
    {
      name: 'features-not-the-list',
      severity: 'error',
      comment:
        'A feature is listed by server/features/index.ts; it does not read the list (a cycle through every feature).',
      from: { path: '^server/features/[^/]+/' },
      to: { path: '^server/features/index\\.ts$' },
    },
    {
      name: 'layers-below-features',
      severity: 'error',
      comment:
        'The shared layers (server/http, db and its seed, crud, auth, events, demo and the files beside them) serve every feature and import none; server/app.ts and server/main.ts put the features together.',
      from: { path: '^server/', pathNot: '^server/(features/|app\\.ts$|main\\.ts$)' },
      to: { path: '^server/features/' },
    },
    {
      name: 'features-below-the-app',
      severity: 'error',
      comment: 'server/app.ts and server/main.ts start what the features make; a feature imports neither.',
      from: { path: '^server/features/' },
      to: { path: '^server/(app|main)\\.ts$' },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A cycle makes load order matter and the rooms inseparable: break it by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resources-declare-only',
      severity: 'error',
      comment: 'resources/ is read by the server, the browser and the words; it imports none of them.',
      from: { path: '^resources/' },
      to: { path: '^(i18n|src|server|scripts|tests)/' },
    },
    {
      name: 'i18n-words-only',
      severity: 'error',
      comment: 'i18n/ holds words; it may read the declarations, nothing that serves or shows.',
      from: { path: '^i18n/' },
      to: { path: '^(src|server|scripts|tests)/' },
    },
    {
      name: 'server-not-scripts',
      severity: 'error',
      comment:
        'server/ is what ships; scripts/ are the tools around it and may import the server, not be imported by it.',
      from: { path: '^server/' },
      to: { path: '^(scripts|tests|src)/' },
    },
    {
      name: 'browser-not-server',
      severity: 'error',
      comment: 'src/ is bundled for the browser; server code would ship to it (or fail to bundle).',
      from: { path: '^src/' },
      to: { path: '^(server|scripts|tests)/' },
    },
    {
      name: 'browser-generic-not-features',
      severity: 'error',
      comment:
        'src/declared/ draws every declared screen and imports no browser feature: a feature plugs its parts in ' +
        '(its plug.tsx, listed in src/parts.ts) and src/App.tsx hands them over (docs/architecture.md, "The ' +
        'browser: parts plugged in"). It may use the shared helpers, layout, providers and error pages only.',
      from: { path: '^src/declared/' },
      to: { path: '^src/', pathNot: '^src/(declared|lib|layout|providers)/|^src/pages/ErrorPages\\.tsx$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|\\.tmp|coverage)/' },
    // TypeScript's own parser, with type-only imports kept (they are edges of the design, if not of the run)
    parser: 'tsc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
