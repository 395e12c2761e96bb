// A wire between the browser and the shop that a test can cut: a TCP relay on a port of its
// own (the Host header passes untouched, so each store still answers at its own host name).
// Chromium's offline emulation does not reliably reach a service worker (it may fetch from the
// network after a restart), so an offline journey cuts this wire as well: every connection is
// dropped, and new ones are refused until it is restored.
import net from "node:net";

export interface CuttableLink {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableLink(target: number): Promise<CuttableLink> {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(target, "127.0.0.1");
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    open.add(client).add(upstream);
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
