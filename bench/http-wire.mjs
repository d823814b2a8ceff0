// The load generator's HTTP/1.1 on raw sockets (bench/load-worker.mjs): plain JavaScript, so the
// worker thread runs it without a TS loader.

/** The request's bytes, encoded once: every request of a scenario is the same. */
export function encodeRequest(spec) {
  const url = new URL(spec.url);
  const body = spec.body === undefined ? null : Buffer.from(spec.body);
  const lines = [`${spec.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(spec.headers ?? {})) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/**
 * Reads HTTP/1.1 responses from one socket's chunks: `push(chunk)` returns the status of each
 * response completed by it. Bodies are skipped by their content-length, or, when chunked, up to
 * the last chunk (enough for this server, which sends no trailers).
 */
export function responseReader() {
  let pending = null; // bytes of the current head not yet complete
  let status = 0;
  let bodyLeft = -1; // bytes of the body still to come; -1 while reading the head
  let chunked = false;
  let tail = Buffer.alloc(0); // a chunked body's last bytes, to find its end across chunks
  return function push(chunk) {
    const done = [];
    let data = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = null;
    while (data.length) {
      if (bodyLeft < 0) {
        const end = data.indexOf(HEAD_END);
        if (end < 0) {
          pending = data;
          break;
        }
        const head = data.toString('latin1', 0, end);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        chunked = !length && /\r\ntransfer-encoding: *chunked/i.test(head);
        bodyLeft = length ? Number(length[1]) : 0;
        data = data.subarray(end + 4);
        tail = Buffer.from('\r\n');
        if (!chunked && bodyLeft === 0) {
          done.push(status);
          bodyLeft = -1;
        }
        continue;
      }
      if (chunked) {
        const seen = Buffer.concat([tail, data]);
        const end = seen.indexOf(CHUNKED_END);
        if (end < 0) {
          tail = seen.subarray(Math.max(0, seen.length - CHUNKED_END.length));
          break;
        }
        data = seen.subarray(end + CHUNKED_END.length);
        done.push(status);
        bodyLeft = -1;
        continue;
      }
      const taken = Math.min(bodyLeft, data.length);
      bodyLeft -= taken;
      data = data.subarray(taken);
      if (bodyLeft === 0) {
        done.push(status);
        bodyLeft = -1;
      }
    }
    return done;
  };
}
