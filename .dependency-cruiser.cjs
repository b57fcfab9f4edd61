// Imports that point one way (`npm run lint` runs this after ESLint): no cycle anywhere — type-only imports
// count, a row type that imports the domain is as tangled as a call — and the rooms point one way:
// resources/ declares and imports no other room, i18n/ words may read the declarations, server/ never reaches
// into scripts/ (the tools drive the server, not the other way round), the browser (src/) never into server/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
