import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';

export type FetchOutcome = { status: number; headers: Record<string, string>; body: string } | { error: string };

export type FetchRequest = {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as one string (with content-length), or, with `streamed`, as a stream (chunked). */
  body?: string;
  streamed?: boolean;
};

// Plain JavaScript for a bare `node`: the request comes as JSON on its input, the outcome leaves as JSON.
const CLIENT = `
import { text } from 'node:stream/consumers';
const { url, method, headers, body, streamed } = JSON.parse(await text(process.stdin));
try {
  const response = await fetch(url, { method, headers, body: streamed ? new Blob([body]).stream() : body, duplex: 'half' });
  console.log(JSON.stringify({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error.cause?.code ?? error.message) }));
}
`;

/**
 * Node's own fetch (undici), run in a child process: a client whose event loop does not wait for
 * the server's (in the same process the two take turns, which hides how a connection closes
 * under a client still writing).
 */
export async function fetchFromAnotherProcess(url: string, request: FetchRequest = {}): Promise<FetchOutcome> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify({ url, ...request }));
  return JSON.parse(await text(child.stdout)) as FetchOutcome;
}
