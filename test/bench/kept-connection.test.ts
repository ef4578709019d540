/**
 * The reload suite's light client (bench/kept-connection.ts): what it times is only as good as its
 * framing, so each answer must end exactly at its Content-Length, on one kept connection, and an answer
 * it cannot frame must fail that request rather than misread the next.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { frameOf, KeptConnection } from '../../bench/kept-connection.ts';

describe('KeptConnection', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<unknown>();
  before(async () => {
    server = createServer((request, response) => {
      sockets.add(request.socket);
      if (request.url === '/chunked') {
        response.write('a');
        response.end('b');
        return;
      }
      const size = Number(new URL(request.url!, 'http://x').searchParams.get('size'));
      response.writeHead(request.headers['x-api-key'] === 'k' ? 200 : 401, { 'content-length': size });
      // The body in two writes, so the client sees it split across reads.
      response.write('x'.repeat(size >> 1));
      response.end('y'.repeat(size - (size >> 1)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('reads answers of every size on one connection, with their status and body length', async () => {
    const connection = new KeptConnection(url);
    const sizes = [0, 1, 17, 70_000, 3];
    const answers = [];
    for (const size of sizes) answers.push(await connection.get(`/?size=${size}`, { 'x-api-key': 'k' }));
    answers.push(await connection.get('/?size=5', { 'x-api-key': 'no' }));
    connection.close();
    assert.deepEqual(answers, [...sizes.map((bodyBytes) => ({ status: 200, bodyBytes })), { status: 401, bodyBytes: 5 }]);
    assert.equal(sockets.size, 1, 'every request on the one kept connection');
  });

  it('fails a request whose answer has no Content-Length, and serves the next on a new connection', async () => {
    const connection = new KeptConnection(url);
    await assert.rejects(connection.get('/chunked', {}), /no single Content-Length/);
    assert.deepEqual(await connection.get('/?size=4', { 'x-api-key': 'k' }), { status: 200, bodyBytes: 4 });
    connection.close();
  });

  it('frames only an HTTP/1.x head with one numeric Content-Length', () => {
    assert.deepEqual(frameOf('HTTP/1.1 200 OK\r\nContent-Length: 12'), { status: 200, length: 12 });
    assert.match(String(frameOf('HTTP/2 200\r\ncontent-length: 1')), /not an HTTP\/1\.x status line/);
    assert.match(String(frameOf('HTTP/1.1 200 OK\r\ncontent-length: 1\r\ncontent-length: 1')), /no single Content-Length/);
    assert.match(String(frameOf('HTTP/1.1 200 OK\r\ncontent-length: -1')), /no single Content-Length/);
  });
});
