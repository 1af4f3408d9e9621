// The server's side of the control socket (control-client.ts): `npm run backup` and
// `npm run admin` beside the running server on the embedded database.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { recordEvent } from "~/features/activity/activity.server";
import { createStoredBackup } from "~/features/backup/backup-store.server";
import { createBackup } from "~/features/backup/create-backup.server";
import { getUploadStore } from "~/features/uploads/upload-store.server";
import { getDatabaseKind, getDb } from "~/platform/db.server";
import type { Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { adminCommandOn } from "./admin-cli";
import { controlSocketPath, type ControlRequest } from "./control-client";

const MAX_REQUEST_BYTES = 64 * 1024;

/** What the backup command prints, the same whether the server or the command wrote the archive. */
export interface BackupAnswer {
  ok: boolean;
  file?: string;
  bytes?: number;
  manifest?: Awaited<ReturnType<typeof createBackup>>["manifest"];
  error?: string;
}

async function backup(env: Env, args: string[]): Promise<BackupAnswer> {
  try {
    const outFile = args[0];
    // In BACKUP_DIR with the dashboard's name, kept and logged as the dashboard's are; or where --out says.
    const written = outFile
      ? await createBackup({ db: getDb(), source: getDatabaseKind(), dataDir: env.DATA_DIR, outFile, store: getUploadStore(env) })
      : await createStoredBackup(null, "command");
    if (outFile) {
      await recordEvent(getDb(), {
        kind: "backup.create",
        area: "backups",
        target: path.basename(written.file),
        details: { bytes: written.bytes, via: "command" },
      });
    }
    return { ok: true, file: written.file, bytes: written.bytes, manifest: written.manifest };
  } catch (error) {
    logger.error({ err: error }, "backup asked for by the command failed");
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function answer(env: Env, request: ControlRequest) {
  if (request.command === "backup") return backup(env, request.args);
  const [command = "", email] = request.args;
  logger.info({ command }, "admin command run for the command line");
  return adminCommandOn(getDb(), env, command, email || undefined);
}

/**
 * Listens on DATA_DIR/control.sock, created with mode 0600 (the file's permissions are the only
 * way in: only the server's user, or root, can connect). One JSON request per connection, one
 * JSON answer. Only for the embedded database: on PostgreSQL the commands open the database
 * themselves. Returns the function that stops listening and removes the socket.
 */
export async function startControlSocket(env: Env): Promise<() => Promise<void>> {
  if (env.DATABASE_URL) return async () => {};
  const socketPath = controlSocketPath(env.DATA_DIR);
  // The directory lock is ours: a socket file there is a stopped server's.
  fs.rmSync(socketPath, { force: true });
  // Half-open: the request ends with the client's end of the connection, and the answer follows.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
      if (text.length > MAX_REQUEST_BYTES) socket.destroy();
    });
    socket.on("error", () => {});
    socket.once("end", () => {
      let request: ControlRequest;
      try {
        request = JSON.parse(text) as ControlRequest;
        if (!["backup", "admin"].includes(request.command) || !Array.isArray(request.args)) throw new Error("unknown request");
      } catch {
        socket.end(JSON.stringify({ code: 2, stdout: "", stderr: "Unknown request", ok: false, error: "Unknown request" }));
        return;
      }
      void answer(env, { command: request.command, args: request.args.map(String) }).then((result) => socket.end(JSON.stringify(result)));
    });
  });
  const listening = new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => resolve());
  });
  // The socket is created with no permission but the owner's (bound before listen() returns).
  const previous = process.umask(0o177);
  try {
    server.listen(socketPath);
  } finally {
    process.umask(previous);
  }
  try {
    await listening;
  } catch (error) {
    // A path too long for a socket, a read-only directory: the commands then ask the operator to stop the server.
    logger.warn({ err: error, socketPath }, "control socket not available: npm run backup and admin need a stopped server");
    return async () => {};
  }
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}
