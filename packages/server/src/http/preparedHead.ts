import { IncomingMessage, ServerResponse, STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http';
import { Socket } from 'node:net';

/**
 * Header lines (`name: value\r\n` each) whose names and values were checked as Node checks them,
 * once, when they were made: a fixed header need not be checked again on every answer.
 */
export function headerLines(pairs: readonly string[]): string {
  let lines = '';
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i]!;
    const value = pairs[i + 1]!;
    validateHeaderName(name);
    validateHeaderValue(name, value);
    lines += `${name}: ${value}\r\n`;
  }
  return lines;
}

/** The pairs of header lines again (name, value, ...): what writeHead takes. */
export function headerPairs(lines: string): string[] {
  const pairs: string[] = [];
  for (const line of lines.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(': ');
    pairs.push(line.slice(0, colon), line.slice(colon + 2));
  }
  return pairs;
}

type StoresHead = ServerResponse & { _storeHeader(firstLine: string, headers: readonly string[]): void };

const STATUS_LINES = new Map<number, string>();
const statusLine = (status: number) => {
  let line = STATUS_LINES.get(status);
  if (line === undefined) STATUS_LINES.set(status, (line = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`));
  return line;
};

/**
 * What `writeHead(status, [...pairs of lines, 'content-length', length])` does, without checking
 * the lines' names and values again: Node checks every header of every answer (two regular
 * expressions each, ~0.2 µs apiece at load), and the fast lane's 8 are constants, numbers and a
 * request id (issue 25). The lines ride on the status line into Node's own header writing, which
 * adds Date, Connection and Keep-Alive as it does for writeHead; content-length goes through it
 * as a header, so its keep-alive rules see the length.
 */
function storedHead(response: ServerResponse, status: number, lines: string, contentLength: string): void {
  response.statusCode = status;
  response.statusMessage = STATUS_CODES[status] ?? 'unknown';
  (response as StoresHead)._storeHeader(statusLine(status) + lines, ['content-length', contentLength]);
}

/** The same, by Node's public API (every header checked). */
function checkedHead(response: ServerResponse, status: number, lines: string, contentLength: string): void {
  response.writeHead(status, [...headerPairs(lines), 'content-length', contentLength]);
}

/**
 * Whether storedHead writes what writeHead writes in this Node: `_storeHeader` is Node's own, not
 * a public API, so the fast way is taken only when it gives the very bytes and keep-alive state.
 */
export function storedHeadMatches(): boolean {
  if (typeof (ServerResponse.prototype as Partial<StoresHead>)._storeHeader !== 'function') return false;
  const lines = 'x-request-id: a-1\r\nvary: Origin\r\ncache-control: private, max-age=30\r\n';
  for (const status of [200, 429]) {
    for (const [minor, keepAlive] of [[1, true], [1, false], [0, false]] as const) {
      const made = () => {
        const request = new IncomingMessage(new Socket());
        request.httpVersionMajor = 1;
        request.httpVersionMinor = minor;
        request.method = 'GET';
        const response = new ServerResponse(request);
        response.shouldKeepAlive = keepAlive;
        return response;
      };
      const checked = made();
      const stored = made();
      checkedHead(checked, status, lines, '12');
      storedHead(stored, status, lines, '12');
      const state = (response: ServerResponse) => {
        const { _header: head, _last: last, chunkedEncoding, shouldKeepAlive, _contentLength: length } = response as unknown as Record<string, unknown>;
        // The date may tick between the two.
        return JSON.stringify([String(head).replace(/\r\nDate: [^\r]*/, ''), last, chunkedEncoding, shouldKeepAlive, length, response.statusCode, response.statusMessage]);
      };
      // Read as Node keeps it: a head under another name would make both sides alike and prove nothing.
      const head = (stored as unknown as { _header?: unknown })._header;
      if (typeof head !== 'string' || !head.includes(lines) || state(checked) !== state(stored)) return false;
    }
  }
  return true;
}

/**
 * Writes an answer's head: its status, `lines` (from headerLines, or of values that need no check:
 * digits, a request id of [\w.:-]) and its content-length. Node's own header writing where it
 * gives writeHead's bytes (checked once, when the module loads), else writeHead.
 */
export const writePreparedHead: (response: ServerResponse, status: number, lines: string, contentLength: string) => void = storedHeadMatches() ? storedHead : checkedHead;
