// The only module that touches window.memagent. Its type comes from shared/api.ts, so the
// renderer, the preload and the e2e harness share one definition of the bridge.
import type {
  CallName,
  CallRequest,
  CallResponse,
  EventName,
  Events,
  MemagentBridge,
} from '../../shared/api.ts';
import type { AppError } from '../../shared/model.ts';

declare global {
  interface Window {
    memagent?: MemagentBridge;
  }
}

export type Api = MemagentBridge;

/** The bridge the preload (or the e2e harness) installed; a stand-in that explains itself if none. */
export function getApi(): Api {
  const bridge = window.memagent;
  if (bridge) return bridge;
  const missing: AppError = {
    kind: 'Internal',
    message: 'The app bridge is missing.',
    hint: 'Start MemAgent Desktop through Electron (npm start), not by opening index.html.',
  };
  return {
    invoke: async () => ({ ok: false, error: missing }) as never,
    on: () => () => {},
    pathOfDropped: async () => null,
  };
}

/** Calls `name`; a thrown transport error becomes an error value like every other failure. */
export async function call<K extends CallName>(
  api: Api,
  name: K,
  request: CallRequest<K>,
): Promise<CallResponse<K>> {
  try {
    return await api.invoke(name, request);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: { kind: 'Internal', message: 'The app did not answer the request.', detail },
    } as CallResponse<K>;
  }
}

export type { CallName, EventName, Events };
