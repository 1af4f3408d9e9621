// HTTP/1.1 over one raw TCP connection, for tests about the connection itself (keep-alive, a
// body left unread): each request is written as given, each answer read whole.
import net from "node:net";

export interface RawAnswer {
  statusLine: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  closed = false;
  private constructor(
    private socket: net.Socket,
    private host: string,
  ) {
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on("error", () => {});
  }

  static open(url: string) {
    const { hostname, port } = new URL(url);
    return new Promise<RawConnection>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => resolve(new RawConnection(socket, `${hostname}:${port}`)));
      socket.once("error", reject);
    });
  }

  /** Writes a request: the head, then the body (which may be cut short of its declared length). */
  send(method: string, path: string, headers: Record<string, string | number>, body: Buffer | string = "") {
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${this.host}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    this.socket.write(`${head.join("\r\n")}\r\n\r\n`);
    if (body.length) this.socket.write(body);
  }

  private async until(ready: () => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (this.closed) throw new Error("connection closed before the answer was complete");
      if (Date.now() > deadline) throw new Error("no complete answer in time");
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  /** Reads one whole answer (Content-Length or chunked). */
  async read(): Promise<RawAnswer> {
    await this.until(() => this.buffer.includes("\r\n\r\n"));
    const headEnd = this.buffer.indexOf("\r\n\r\n");
    const [statusLine = "", ...lines] = this.buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    let rest = this.buffer.subarray(headEnd + 4);
    this.buffer = rest;
    let body: Buffer;
    if (headers["transfer-encoding"] === "chunked") {
      const chunks: Buffer[] = [];
      for (;;) {
        await this.until(() => this.buffer.includes("\r\n"));
        const sizeEnd = this.buffer.indexOf("\r\n");
        const size = Number.parseInt(this.buffer.subarray(0, sizeEnd).toString("latin1"), 16);
        await this.until(() => this.buffer.length >= sizeEnd + 2 + size + 2);
        chunks.push(this.buffer.subarray(sizeEnd + 2, sizeEnd + 2 + size));
        this.buffer = this.buffer.subarray(sizeEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(chunks);
    } else {
      const length = Number(headers["content-length"] ?? 0);
      await this.until(() => this.buffer.length >= length);
      body = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
    }
    rest = this.buffer;
    return { statusLine, status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") };
  }

  /** Resolves once the server has closed the connection. */
  async closedByServer(timeoutMs = 15_000) {
    await this.until(() => this.closed, timeoutMs).catch(() => {});
    return this.closed;
  }

  close() {
    this.socket.destroy();
  }
}
