/**
 * A light HTTP/1.1 client for the suites that time searches beside a reload (snapshot-service.ts): one
 * kept-alive TCP connection, one GET at a time, the response framed by its Content-Length and its body
 * counted, not kept. Node's fetch (undici) cost the bench process about 600 µs of CPU a search against the
 * service's 85 (2026-11-30, 2 connections: 118% of a core for the client, 16% for the server), so on this
 * 2-core box the p99 it timed was mostly its own: whatever took a core from it (a reload's reading
 * process) showed as the service's latency. Here a search costs the client a write and a header parse.
 */
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  /** The body's length in bytes (the body itself is dropped). */
  bodyBytes: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

interface Waiting {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

export class KeptConnection {
  private socket: Socket | undefined;
  private head: Buffer = Buffer.alloc(0);
  /** Body bytes still to come for the answer being read; -1 while its head is being read. */
  private bodyLeft = -1;
  private answer: Answer | undefined;
  private waiting: Waiting | undefined;
  private readonly host: string;
  private readonly port: number;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.host = hostname;
    this.port = Number(port);
  }

  /** GETs `path` with `headers`; one request at a time (the suites' loops wait for each answer). */
  get(path: string, headers: Record<string, string>): Promise<Answer> {
    if (this.waiting !== undefined) return Promise.reject(new Error('KeptConnection: one request at a time'));
    const socket = this.socket ?? this.open();
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.head = Buffer.alloc(0);
      this.bodyLeft = -1;
      socket.write(`GET ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n${lines.join('')}\r\n`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private open(): Socket {
    const socket = connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    // Only the current socket's loss fails the request waiting: one closed here was failed already.
    const lost = (error?: Error) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.fail(error ?? new Error('connection closed before the answer ended'));
    };
    socket.on('error', lost);
    socket.on('close', () => lost());
    this.socket = socket;
    return socket;
  }

  private read(chunk: Buffer): void {
    if (this.waiting === undefined) {
      this.fail(new Error('bytes with no request waiting'));
      return;
    }
    let body = chunk;
    if (this.bodyLeft < 0) {
      this.head = this.head.length === 0 ? chunk : Buffer.concat([this.head, chunk]);
      const end = this.head.indexOf(HEAD_END);
      if (end < 0) return;
      const framed = frameOf(this.head.subarray(0, end).toString('latin1'));
      if (typeof framed === 'string') {
        this.fail(new Error(framed));
        return;
      }
      this.answer = { status: framed.status, bodyBytes: framed.length };
      this.bodyLeft = framed.length;
      body = this.head.subarray(end + HEAD_END.length);
    }
    this.bodyLeft -= body.length;
    if (this.bodyLeft > 0) return;
    // More than the body: the server answered something not asked for; the next answer would be misread.
    if (this.bodyLeft < 0) {
      this.fail(new Error('more bytes than the Content-Length'));
      return;
    }
    const { resolve } = this.waiting;
    this.waiting = undefined;
    resolve(this.answer!);
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    this.close();
    waiting?.reject(error);
  }
}

/** The status and Content-Length of a response head, or why it cannot be framed here. */
export function frameOf(head: string): { status: number; length: number } | string {
  const [statusLine, ...fields] = head.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  if (status === null) return `not an HTTP/1.x status line: ${JSON.stringify(statusLine?.slice(0, 80))}`;
  const lengths = fields.filter((field) => /^content-length:/i.test(field)).map((field) => field.slice(field.indexOf(':') + 1).trim());
  if (lengths.length !== 1 || !/^\d+$/.test(lengths[0]!)) return `no single Content-Length in a ${status[1]} answer`;
  return { status: Number(status[1]), length: Number(lengths[0]) };
}
