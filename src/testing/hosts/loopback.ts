/**
 * The fake model APIs' one way of listening: a node:http server on a free
 * loopback port, kept reachable for as long as a test holds it.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Listening {
  /** The server's origin, `http://127.0.0.1:<port>`. */
  url: string;
  /** Drops open connections first (a client may keep one alive), then stops listening. */
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<Listening> {
  // Node closes a kept-alive connection after 5 s idle. A client that picks that connection again at the same moment
  // (the SDKs keep their pools between calls, and a busy machine spaces calls out) gets a reset it reports as a
  // connection error: keep idle connections for longer than any test.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
