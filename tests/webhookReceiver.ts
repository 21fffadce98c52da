/** A webhook receiver for the tests (docs/decisions/webhooks.md): a local HTTP server that keeps what it was sent. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  /** The status it answered. */
  status: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The status to answer the next requests with (one per request, then 200). */
  answerNext(...statuses: number[]): void;
  /** Answer every request with this status from now on (null: back to 200). */
  answerAlways(status: number | null): void;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const received: Received[] = [];
  const queue: number[] = [];
  let always: number | null = null;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const status = always ?? queue.shift() ?? 200;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answerNext: (...statuses) => void queue.push(...statuses),
    answerAlways: (status) => void (always = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
