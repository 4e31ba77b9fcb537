/**
 * A full garbage collection in the server process, through the inspector it was started with
 * (`--inspect=127.0.0.1:<port>`). RSS rises and falls as V8 lets garbage pile up between full
 * collections; taking both figures the soak compares right after one measures what the server holds,
 * not where in that sawtooth each sample happened to land.
 */

interface MinimalWebSocket {
  addEventListener(type: 'open' | 'error' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  send(data: string): void;
  close(): void;
}
type WebSocketClass = new (url: string) => MinimalWebSocket;

export async function collectGarbage(inspectPort: number): Promise<void> {
  // Global in Node 22+; Node 20 needs --experimental-websocket (the npm script passes it).
  const WebSocketImpl = (globalThis as { WebSocket?: WebSocketClass }).WebSocket;
  if (!WebSocketImpl) throw new Error('No WebSocket in this Node: run the soak with npm run soak');
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl?: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`the server's inspector on port ${inspectPort} lists no target`);
  const socket = new WebSocketImpl(url);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('error', () => reject(new Error('the inspector connection failed')));
      socket.addEventListener('close', () => reject(new Error('the inspector closed the connection')));
      socket.addEventListener('message', (event) => {
        if (JSON.parse(String(event.data)).id === 1) resolve();
      });
      socket.addEventListener('open', () =>
        socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })),
      );
    });
  } finally {
    socket.close();
  }
}
