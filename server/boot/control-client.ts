// The operator's commands (`npm run backup`, `npm run admin`) beside a running server on the
// embedded database: PGlite lets one process open the directory, so the command asks that
// server, over a Unix socket in DATA_DIR that only the server's user can open, to do the work.
import net from "node:net";
import path from "node:path";

/** The control socket of the server on DATA_DIR (mode 0600: the server's user only). */
export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), "control.sock");

export interface ControlRequest {
  command: "backup" | "admin";
  args: string[];
}

/** A backup can take minutes on a large site; nothing else should take long. */
const ANSWER_TIMEOUT_MS = 30 * 60_000;

/**
 * Sends one request to the server running on DATA_DIR and resolves to its answer, or to null
 * when no server listens there (no socket, or a socket left by one that stopped): the command
 * then opens the directory itself.
 */
export function askRunningServer(dataDir: string, request: ControlRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let answered = false;
    let text = "";
    socket.setTimeout(ANSWER_TIMEOUT_MS, () => socket.destroy(new Error("The running server did not answer in time")));
    socket.once("connect", () => {
      answered = true;
      socket.end(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk) => (text += chunk.toString("utf8")));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (!answered && ["ENOENT", "ECONNREFUSED", "ENOTSOCK", "EACCES"].includes(error.code ?? "")) resolve(null);
      else reject(error);
    });
    socket.once("close", () => {
      if (!answered) return;
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error("The running server's answer could not be read"));
      }
    });
  });
}
