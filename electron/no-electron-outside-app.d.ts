// What `electron` resolves to outside electron/app (tsconfig.node.json's `paths`): core, the CLI,
// the simulator, scripts and benchmarks run under plain Node, so any import of it there, static
// or `await import('electron')`, fails to type-check with "… is not a module". Only
// tsconfig.app.json (electron/app) sees Electron's own types. Deliberately not a module.
