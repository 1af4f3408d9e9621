import net from "node:net";

/**
 * A minimal SMTP server that accepts every message, so sign-up can ask for confirmation.
 * With `failing` set it refuses each message with a temporary error, as a busy server does;
 * with `delayMs` it takes that long to accept each message, as a slow relay does.
 */
export function startFakeSmtp(options: { port?: number; delayMs?: number } = {}) {
  const messages: string[] = [];
  const state = { failing: false, refused: 0 };
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = "";
    let message = "";
    socket.write("220 localhost ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            const received = message;
            message = "";
            setTimeout(() => {
              messages.push(received);
              if (!socket.destroyed) socket.write("250 OK\r\n");
            }, options.delayMs ?? 0);
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250 localhost\r\n");
        else if (/^MAIL FROM/i.test(line) && state.failing) {
          state.refused += 1;
          socket.write("451 4.3.0 Mailbox temporarily unavailable\r\n");
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  return new Promise<{ port: number; messages: string[]; state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(options.port ?? 0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}
