// The entry of the built command line (out/cli/memagent.js, scripts/build-electron.ts): the data
// files' paths (bundle-run.ts, shared with the app's command mode), then the command.
import './bundle-run.ts';

await import('./main.ts');
