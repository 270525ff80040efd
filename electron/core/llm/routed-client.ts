// One LLM client over several OpenAI-compatible servers serving the same model (several GPUs,
// several machines): each request goes to the server with the fewest requests in flight
// (least-loaded.ts). Scale comes from the serving side; this only spreads the requests.
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';
import { createLeastLoaded } from './least-loaded.ts';
import type { ChatRequest, ChatResult, LlmClient } from './types.ts';

/** One server behind the routed client. */
export interface RoutedServer {
  /** Its base URL as given (shown without credentials in sentences). */
  url: string;
  client: LlmClient;
}

/** The routed client, with the load it sees (for progress lines and tests). */
export interface RoutedClient extends LlmClient {
  readonly servers: readonly RoutedServer[];
  /** Requests in flight on each server, in `servers` order. */
  readonly inFlight: readonly number[];
}

/**
 * An LlmClient over `servers`: `chat` goes to the least-loaded server (ties: in turn), and its
 * failure is that server's, named in its sentence; `resolveModel` asks every server and refuses
 * servers that serve different models (their memories would not be comparable); `listModels`
 * gives the models every server serves. One server is that server's client, unchanged.
 */
export function createRoutedClient(servers: readonly RoutedServer[]): RoutedClient {
  if (servers.length === 0) throw new CoreError('BadUsage', 'No server to send requests to.');
  const picker = createLeastLoaded(servers.length);
  let model: Promise<string> | undefined;

  const resolveAll = async (signal?: AbortSignal): Promise<string> => {
    const names = await Promise.all(
      servers.map(async (s) => {
        try {
          return await s.client.resolveModel(signal);
        } catch (error) {
          throw onServer(error, s, servers.length);
        }
      }),
    );
    const first = names[0] as string;
    const other = names.findIndex((n) => n !== first);
    if (other >= 0) {
      throw new CoreError(
        'BadUsage',
        `The servers serve different models: ${displayUrl(servers[0]?.url ?? '')} serves ${first}, ${displayUrl(servers[other]?.url ?? '')} serves ${names[other] ?? ''}.`,
        { hint: 'Give servers of one model (or --model NAME that every one of them serves).' },
      );
    }
    return first;
  };

  return {
    servers,
    inFlight: picker.inFlight,
    resolveModel(signal) {
      // Asked once; a failed ask is asked again next time.
      model ??= resolveAll(signal).catch((error: unknown) => {
        model = undefined;
        throw error;
      });
      return model;
    },
    async listModels(signal) {
      const lists = await Promise.all(
        servers.map(async (s) => {
          try {
            return await s.client.listModels(signal);
          } catch (error) {
            throw onServer(error, s, servers.length);
          }
        }),
      );
      const [first = [], ...rest] = lists;
      return first.filter((m) => rest.every((list) => list.includes(m)));
    },
    async chat(request: ChatRequest): Promise<ChatResult> {
      const pick = picker.acquire();
      const server = servers[pick.index] as RoutedServer;
      try {
        return await server.client.chat(request);
      } catch (error) {
        throw onServer(error, server, servers.length);
      } finally {
        pick.release();
      }
    },
  };
}

/**
 * A server's failure, saying which server when there are several: the client's own sentences
 * name its URL for connection failures, not for what a server answered (a 500, a bad reply).
 */
function onServer(error: unknown, server: RoutedServer, count: number): unknown {
  if (count === 1 || !(error instanceof CoreError) || error.kind === 'Cancelled') return error;
  const shown = displayUrl(server.url);
  if (error.message.includes(shown)) return error;
  return new CoreError(error.kind, `${shown}: ${error.message}`, {
    ...(error.hint !== undefined ? { hint: error.hint } : {}),
    ...(error.detail !== undefined ? { detail: error.detail } : {}),
    cause: error,
  });
}
