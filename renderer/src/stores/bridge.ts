// Holds the bridge given to initStores(api), so store actions can call main without importing
// window at module load (tests and the harness choose the bridge explicitly).
import { getApi, type Api } from '../api.ts';

let current: Api | null = null;

export function setBridge(api: Api | null): void {
  current = api;
}

export function bridge(): Api {
  return current ?? getApi();
}
