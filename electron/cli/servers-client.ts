// The LLM client of a command's server flags: one --base-url is that server's client; several
// (--base-url repeated) are one routed client that sends each request to the least-loaded one.
import { createLlmClient } from '../core/llm/client.ts';
import { retryNote } from './cli-run-parts.ts';
import { createRoutedClient } from '../core/llm/routed-client.ts';
import type { LlmClient } from '../core/llm/types.ts';
import type { Connection } from './arg-parsing.ts';
import { clientConfig } from './backend-kind.ts';

/**
 * A client over `baseUrls` (at least one) with the command's other connection flags; retries
 * are noted through `note`, without secrets.
 */
export function serversClient(
  baseUrls: readonly string[],
  connection: Omit<Connection, 'baseUrl'>,
  note: (text: string) => void,
  secrets: readonly (string | undefined)[],
): LlmClient {
  const clients = baseUrls.map((baseUrl) => ({
    url: baseUrl,
    client: createLlmClient({
      ...clientConfig({ ...connection, baseUrl }),
      onRetry: (info) => note(retryNote(info, secrets)),
    }),
  }));
  return clients.length === 1 ? (clients[0]?.client as LlmClient) : createRoutedClient(clients);
}
