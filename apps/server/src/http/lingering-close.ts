import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface LingerLimits {
  /** The longest a refused body is read for, in all. */
  totalMs: number;
  /** Closed sooner when the client sends nothing for this long. */
  idleMs: number;
  /** Closed sooner past this many bytes read after the answer. */
  bytes: number;
}

/** nginx's lingering_time and lingering_timeout; the byte bound is a little above the largest upload. */
export const lingerLimits: LingerLimits = { totalMs: 30_000, idleMs: 5_000, bytes: 64 * 1024 * 1024 };

/** How often a lingering connection's byte count is checked against the bounds. */
const checkEveryMs = 200;

/**
 * An answer sent before the request's body has fully arrived (413 too large, 401 on an upload,
 * 415 for a video on a server without ffmpeg, ...) closes the connection after it, as nginx does,
 * but lingers first: Node ends a `Connection: close` answer with `socket.destroySoon()`, which
 * destroys the socket as soon as the answer is flushed. A socket closed while the client's body is
 * still arriving makes the kernel send a reset, and the reset throws away the answer the client had
 * not read yet: a Node client sending 5 MB saw EPIPE instead of the 413. So that one socket instead
 * ends its side (FIN after the answer) and keeps reading and dropping the body until the client is
 * done and closes, or one of the bounds is reached.
 */
export function lingerAfterEarlyAnswers(app: FastifyInstance, limits: LingerLimits = lingerLimits) {
  app.addHook('onSend', async (request, reply, payload) => {
    const { raw } = request;
    // Injected requests (tests) have no real socket and nothing to linger on.
    if (raw.complete || !(raw.socket instanceof net.Socket)) return payload;
    reply.header('connection', 'close');
    lingerBeforeClosing(raw, raw.socket, limits);
    return payload;
  });
}

function lingerBeforeClosing(request: IncomingMessage, socket: net.Socket, limits: LingerLimits) {
  socket.destroySoon = () => {
    socket.end();
    // Whoever was reading the body (the multipart parser) has given up: drop the rest.
    request.unpipe();
    request.resume();
    const startedAt = Date.now();
    let lastDataAt = startedAt;
    let dropped = 0;
    // The byte bound is checked on every chunk: over loopback a check on the timer alone would let the
    // whole of a large body through between two ticks.
    request.on('data', (chunk: Buffer) => {
      lastDataAt = Date.now();
      dropped += chunk.length;
      if (dropped > limits.bytes) socket.destroy();
    });
    const check = setInterval(() => {
      const now = Date.now();
      if (now - startedAt > limits.totalMs || now - lastDataAt > limits.idleMs) socket.destroy();
    }, checkEveryMs);
    check.unref();
    socket.once('close', () => clearInterval(check));
  };
}
