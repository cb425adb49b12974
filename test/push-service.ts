import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
type Model = {
  notifyUrl: string;
  messages: Record<string, string[]>;
  subscribe: (o: { applicationServerKey: string; userVisibleOnly: "true" }) => Promise<Subscription>;
  handleNotification: (clientHash: string, headers: Record<string, string | undefined>, body: Buffer) => Promise<void>;
  expireSubscription: (clientHash: string) => void;
};

/**
 * A real Web Push service on 127.0.0.1 (recipes/web-push.md): web-push-testing's model checks each message's VAPID
 * JWT against the subscription's key and decrypts it; our node:http front answers 201, 410 (expired) or 400, and
 * notes when each message arrived.
 */
export async function startPushService() {
  const { PushApiModel } = createRequire(import.meta.url)("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => Model };
  const model = new PushApiModel();
  const arrivals: Array<{ clientHash: string; at: number }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const clientHash = /^\/notify\/([0-9a-f]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const h = req.headers as Record<string, string | undefined>;
      const headers = {
        encoding: h["content-encoding"],
        encryption: h["encryption"],
        cryptoKey: h["crypto-key"],
        authorization: h["authorization"],
        ttl: h["ttl"],
      };
      model.handleNotification(clientHash, headers, Buffer.concat(chunks)).then(
        () => {
          arrivals.push({ clientHash, at: Date.now() });
          res.writeHead(201).end();
        },
        (err: Error) => res.writeHead(err.name === "SubscriptionExpiredError" ? 410 : 400).end(JSON.stringify({ error: err.message })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  model.notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/`;
  return {
    model,
    arrivals,
    subscribe: (publicKey: string) => model.subscribe({ applicationServerKey: publicKey, userVisibleOnly: "true" }),
    /** The decrypted payloads a subscription received, oldest first. */
    messages: <T = Record<string, unknown>>(clientHash: string): T[] => (model.messages[clientHash] ?? []).map((m) => JSON.parse(m) as T),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
