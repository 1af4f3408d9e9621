import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** AUTH_SECRET when set; otherwise one generated on first start and kept in DATA_DIR. */
export function resolveAuthSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
    // Too short to be one this server wrote: replaced.
    fs.rmSync(file, { force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  // Written beside it and linked into place, never over another's: servers sharing a DATA_DIR
  // that start at once all use the first one written, and none reads it half written.
  const staging = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(staging, secret, { mode: 0o600 });
  try {
    fs.linkSync(staging, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim();
  } finally {
    fs.rmSync(staging, { force: true });
  }
  return secret;
}
