// A server that is down, for tests: a loopback URL where nothing listens.
import { createServer } from 'node:net';

/** An OpenAI-style base URL on a loopback port that was free a moment ago. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
