import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A desktop's notification service for a test browser: a private D-Bus session bus (Debian's dbus-daemon) with a
 * small org.freedesktop.Notifications server on it. Chromium on Linux hands a site's notifications to that service
 * when one owns the name on its session bus (DBUS_SESSION_BUS_ADDRESS), and a click the service reports back
 * (the ActionInvoked signal) reaches the service worker as a real, trusted `notificationclick` — the only kind on
 * which `clients.openWindow` may open a window (a synthetic event gets "Not allowed to open a window.").
 * It speaks just enough of the D-Bus wire protocol (little-endian, no file descriptors) for that service.
 */
export type ShownNotification = { id: number; summary: string; body: string; actions: string[] };

export type NotificationCenter = {
  /** The bus address to give the browser as DBUS_SESSION_BUS_ADDRESS. */
  address: string;
  /** Every notification the browser showed, in order (a replaced one keeps its id). */
  shown: ShownNotification[];
  /** A person's click on a shown notification: "default" is the notification itself, else a button's action. */
  click: (id: number, action?: string) => void;
  close: () => Promise<void>;
};

type Value = number | string | boolean | Value[];

const ALIGN: Record<string, number> = { y: 1, g: 1, v: 1, b: 4, u: 4, i: 4, s: 4, o: 4, a: 4, "(": 8, "{": 8 };

/** The end of the single complete type starting at `i`. Example: typeEnd("a(yv)s", 0) → 5. */
function typeEnd(signature: string, i: number): number {
  const c = signature[i];
  if (c === "a") return typeEnd(signature, i + 1);
  if (c !== "(" && c !== "{") return i + 1;
  let depth = 0;
  for (let j = i; j < signature.length; j++) {
    if (signature[j] === "(" || signature[j] === "{") depth++;
    if (signature[j] === ")" || signature[j] === "}") depth--;
    if (depth === 0) return j + 1;
  }
  throw new Error(`unbalanced signature ${signature}`);
}

/** "sua(yv)" → ["s", "u", "a(yv)"]. */
function splitTypes(signature: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < signature.length;) {
    const end = typeEnd(signature, i);
    out.push(signature.slice(i, end));
    i = end;
  }
  return out;
}

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  private push(b: Buffer) {
    this.chunks.push(b);
    this.length += b.length;
  }
  pad(n: number) {
    const p = (n - (this.length % n)) % n;
    if (p) this.push(Buffer.alloc(p));
  }
  write(type: string, v: Value): void {
    const t = type[0]!;
    this.pad(ALIGN[t]!);
    if (t === "y") return this.push(Buffer.from([v as number]));
    if (t === "u" || t === "i" || t === "b") {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(typeof v === "boolean" ? Number(v) : (v as number) >>> 0);
      return this.push(b);
    }
    if (t === "s" || t === "o") {
      const s = Buffer.from(v as string, "utf8");
      this.write("u", s.length);
      return this.push(Buffer.concat([s, Buffer.alloc(1)]));
    }
    if (t === "g") {
      const s = Buffer.from(v as string, "ascii");
      return this.push(Buffer.concat([Buffer.from([s.length]), s, Buffer.alloc(1)]));
    }
    if (t === "v") {
      const [inner, value] = v as [string, Value];
      this.write("g", inner);
      return this.write(inner, value);
    }
    if (t === "(" || t === "{") {
      const types = splitTypes(type.slice(1, -1));
      return types.forEach((each, i) => this.write(each, (v as Value[])[i]!));
    }
    if (t === "a") {
      const element = type.slice(1);
      const body = new Writer();
      // The array's length counts from after its element padding, which depends on where the array starts.
      body.length = this.length + 4;
      body.pad(ALIGN[element[0]!]!);
      const start = body.length;
      for (const item of v as Value[]) body.write(element, item);
      this.write("u", body.length - start);
      for (const c of body.chunks) this.push(c);
      return;
    }
    throw new Error(`type ${type} is not supported`);
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

class Reader {
  constructor(
    private readonly buf: Buffer,
    public pos = 0,
  ) {}
  read(type: string): Value {
    const t = type[0]!;
    this.pos += (ALIGN[t]! - (this.pos % ALIGN[t]!)) % ALIGN[t]!;
    if (t === "y") return this.buf[this.pos++]!;
    if (t === "u" || t === "b" || t === "i") {
      const v = t === "i" ? this.buf.readInt32LE(this.pos) : this.buf.readUInt32LE(this.pos);
      this.pos += 4;
      return v;
    }
    if (t === "s" || t === "o" || t === "g") {
      const n = t === "g" ? this.buf[this.pos++]! : (this.read("u") as number);
      const s = this.buf.toString("utf8", this.pos, this.pos + n);
      this.pos += n + 1;
      return s;
    }
    if (t === "v") return this.read(this.read("g") as string);
    if (t === "(" || t === "{") return splitTypes(type.slice(1, -1)).map((each) => this.read(each));
    if (t === "a") {
      const n = this.read("u") as number;
      const element = type.slice(1);
      this.pos += (ALIGN[element[0]!]! - (this.pos % ALIGN[element[0]!]!)) % ALIGN[element[0]!]!;
      const end = this.pos + n;
      const out: Value[] = [];
      while (this.pos < end) out.push(this.read(element));
      return out;
    }
    throw new Error(`type ${type} is not supported`);
  }
}

// Message types and header field codes (D-Bus specification, "Message Format").
const Kind = { Call: 1, Return: 2, Error: 3, Signal: 4 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];
const PATH = 1,
  INTERFACE = 2,
  MEMBER = 3,
  ERROR_NAME = 4,
  REPLY_SERIAL = 5,
  DESTINATION = 6,
  SENDER = 7,
  SIGNATURE = 8;

function encode(kind: Kind, serial: number, fields: Array<[number, string, Value]>, signature: string, body: Value[]): Buffer {
  const b = new Writer();
  splitTypes(signature).forEach((t, i) => b.write(t, body[i]!));
  const h = new Writer();
  for (const v of [0x6c /* "l" */, kind, 0, 1]) h.write("y", v);
  h.write("u", b.length);
  h.write("u", serial);
  const all = signature ? [...fields, [SIGNATURE, "g", signature] as [number, string, Value]] : fields;
  h.write(
    "a(yv)",
    all.map(([code, type, value]) => [code, [type, value]] as Value[]),
  );
  h.pad(8);
  return Buffer.concat([h.bytes(), b.bytes()]);
}

const NOTIFICATIONS = "org.freedesktop.Notifications";

export async function startNotificationCenter(): Promise<NotificationCenter> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-bus-"));
  const daemon = spawn("dbus-daemon", ["--session", "--nofork", "--print-address=1", `--address=unix:dir=${dir}`], {
    // NOTE: stderr is dropped: in a container it warns that it cannot raise its file limit, which is harmless.
    stdio: ["ignore", "pipe", "ignore"],
  });
  const address = await new Promise<string>((resolve, reject) => {
    daemon.once("error", reject);
    daemon.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()));
  });
  const socketPath = /unix:path=([^,]+)/.exec(address)?.[1];
  if (!socketPath) throw new Error(`unexpected bus address ${address}`);

  const socket = net.connect(socketPath);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const uid = Buffer.from(String(process.getuid?.() ?? 0)).toString("hex");
  socket.write(Buffer.concat([Buffer.from([0]), Buffer.from(`AUTH EXTERNAL ${uid}\r\n`)]));
  const auth = await new Promise<string>((resolve) => socket.once("data", (d: Buffer) => resolve(d.toString())));
  if (!auth.startsWith("OK")) throw new Error(`the bus refused us: ${auth}`);
  socket.write("BEGIN\r\n");

  let serial = 0;
  const replies = new Map<number, () => void>();
  const send = (kind: Kind, fields: Array<[number, string, Value]>, signature = "", body: Value[] = []) => {
    socket.write(encode(kind, ++serial, fields, signature, body));
    return serial;
  };
  const callBus = (member: string, signature = "", body: Value[] = []) =>
    new Promise<void>((resolve) => {
      const sent = send(
        Kind.Call,
        [
          [PATH, "o", "/org/freedesktop/DBus"],
          [INTERFACE, "s", "org.freedesktop.DBus"],
          [MEMBER, "s", member],
          [DESTINATION, "s", "org.freedesktop.DBus"],
        ],
        signature,
        body,
      );
      replies.set(sent, resolve);
    });
  const reply = (to: number, destination: string, signature = "", body: Value[] = []) =>
    send(
      Kind.Return,
      [
        [REPLY_SERIAL, "u", to],
        [DESTINATION, "s", destination],
      ],
      signature,
      body,
    );

  const shown: ShownNotification[] = [];
  let lastId = 0;
  /** The service's methods (Desktop Notifications Specification 1.2), as Chromium calls them. */
  const answer = (member: string, serialOf: number, sender: string, body: Reader) => {
    if (member === "GetCapabilities") return reply(serialOf, sender, "as", [["body", "actions"]]);
    if (member === "GetServerInformation") return reply(serialOf, sender, "ssss", ["dosetime-test", "Dosetime", "1.0", "1.2"]);
    if (member === "Notify") {
      const [, replaces, , summary, text, actions] = ["s", "u", "s", "s", "s", "as"].map((t) => body.read(t));
      const id = (replaces as number) || ++lastId;
      shown.push({ id, summary: summary as string, body: text as string, actions: actions as string[] });
      return reply(serialOf, sender, "u", [id]);
    }
    if (member === "CloseNotification") return reply(serialOf, sender);
    return send(Kind.Error, [
      [ERROR_NAME, "s", "org.freedesktop.DBus.Error.UnknownMethod"],
      [REPLY_SERIAL, "u", serialOf],
      [DESTINATION, "s", sender],
    ]);
  };

  let pending = Buffer.alloc(0);
  socket.on("data", (data: Buffer) => {
    pending = Buffer.concat([pending, data]);
    for (;;) {
      if (pending.length < 16) return;
      const fieldsLength = pending.readUInt32LE(12);
      const headerEnd = 16 + fieldsLength + ((8 - ((16 + fieldsLength) % 8)) % 8);
      const end = headerEnd + pending.readUInt32LE(4);
      if (pending.length < end) return;
      const kind = pending[1] as Kind;
      const serialOf = pending.readUInt32LE(8);
      const fields = new Map((new Reader(pending, 12).read("a(yv)") as Array<[number, Value]>).map(([code, v]) => [code, v]));
      const body = new Reader(pending.subarray(headerEnd, end));
      pending = pending.subarray(end);
      if (kind === Kind.Return || kind === Kind.Error) {
        const to = fields.get(REPLY_SERIAL) as number;
        replies.get(to)?.();
        replies.delete(to);
      } else if (kind === Kind.Call && fields.get(PATH) === "/org/freedesktop/Notifications") {
        answer(fields.get(MEMBER) as string, serialOf, fields.get(SENDER) as string, body);
      }
    }
  });

  await callBus("Hello");
  // Flag 4: DO_NOT_QUEUE (we are the only one asking).
  await callBus("RequestName", "su", [NOTIFICATIONS, 4]);

  return {
    address,
    shown,
    click: (id, action = "default") =>
      void send(
        Kind.Signal,
        [
          [PATH, "o", "/org/freedesktop/Notifications"],
          [INTERFACE, "s", NOTIFICATIONS],
          [MEMBER, "s", "ActionInvoked"],
        ],
        "us",
        [id, action],
      ),
    close: async () => {
      socket.destroy();
      daemon.kill();
      await new Promise((resolve) => (daemon.exitCode !== null ? resolve(null) : daemon.once("exit", resolve)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
