import { describe, expect, it } from 'vitest';
import { encodeRequest, responseReader } from '../../../bench/http-wire.mjs';

const response = (status: number, body: string, headers = `content-length: ${Buffer.byteLength(body)}`) =>
  Buffer.from(`HTTP/1.1 ${status} X\r\n${headers}\r\nconnection: keep-alive\r\n\r\n${body}`);

/** Feeds `bytes` to a reader in pieces of `size` bytes, collecting every completed response's status. */
function feed(bytes: Buffer, size: number): number[] {
  const read = responseReader();
  const statuses: number[] = [];
  for (let at = 0; at < bytes.length; at += size) statuses.push(...read(bytes.subarray(at, at + size)));
  return statuses;
}

describe('the load generator on raw sockets', () => {
  it('encodes a POST with its host, keep-alive, headers and the body length in bytes', () => {
    const text = encodeRequest({ url: 'http://127.0.0.1:5099/api/listing/search?x=1', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":"ø"}' }).toString();
    expect(text).toBe('POST /api/listing/search?x=1 HTTP/1.1\r\nhost: 127.0.0.1:5099\r\nconnection: keep-alive\r\ncontent-type: application/json\r\ncontent-length: 10\r\n\r\n{"q":"ø"}');
  });

  it('encodes a GET without a body or a length', () => {
    expect(encodeRequest({ url: 'http://localhost:80/api/health' }).toString()).toBe('GET /api/health HTTP/1.1\r\nhost: localhost\r\nconnection: keep-alive\r\n\r\n');
  });

  it('finds each response by its content-length, however the bytes arrive', () => {
    const bytes = Buffer.concat([response(200, '{"listings":[]}'), response(404, ''), response(200, 'x'.repeat(20_000)), response(304, '', 'etag: "a"')]);
    for (const size of [1, 3, 7, 100, 8192, bytes.length]) expect(feed(bytes, size), `pieces of ${size}`).toEqual([200, 404, 200, 304]);
  });

  it('finds the end of a chunked body, also when the last chunk is split', () => {
    const chunked = (parts: string[]) => parts.map((p) => `${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`).join('') + '0\r\n\r\n';
    const bytes = Buffer.concat([
      response(200, chunked(['{"a":', '1}']), 'transfer-encoding: chunked'),
      response(500, chunked([]), 'Transfer-Encoding: chunked'),
      response(201, 'ok'),
    ]);
    for (const size of [1, 2, 5, bytes.length]) expect(feed(bytes, size), `pieces of ${size}`).toEqual([200, 500, 201]);
  });

  it('completes nothing until a response is whole', () => {
    const read = responseReader();
    const bytes = response(200, 'abcdef');
    expect(read(bytes.subarray(0, bytes.length - 1))).toEqual([]);
    expect(read(bytes.subarray(bytes.length - 1))).toEqual([200]);
  });
});
