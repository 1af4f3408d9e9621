import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { checkedKey, STORE_FOLDERS, type UploadStore } from "./upload-store-contract";

/** Uploads in DATA_DIR/uploads and DATA_DIR/image-info, renamed into place from a dot-file. */
export function localUploadStore(dataDir: string): UploadStore {
  const at = (key: string) => path.join(dataDir, checkedKey(key));
  return {
    kind: "local",
    describe: () => path.join(dataDir, "uploads"),
    async scratchDirectory() {
      // The uploads folder itself, so that storing is a rename on one file system.
      const directory = path.join(dataDir, "uploads");
      await fsp.mkdir(directory, { recursive: true });
      return directory;
    },
    async putFiles(files) {
      const moved: string[] = [];
      try {
        for (const { key, file } of files) {
          await fsp.mkdir(path.dirname(at(key)), { recursive: true });
          await fsp.rename(file, at(key));
          moved.push(at(key));
        }
      } catch (error) {
        await Promise.all([...moved, ...files.map((entry) => entry.file)].map((file) => fsp.rm(file, { force: true })));
        throw error;
      }
    },
    async read(key) {
      try {
        return await fsp.readFile(at(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async open(key) {
      const file = at(key);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { status: 200, body: fs.createReadStream(file), size: stat.size, lastModified: stat.mtime };
    },
    async list(prefix) {
      const slash = prefix.indexOf("/");
      const folder = prefix.slice(0, slash);
      const start = prefix.slice(slash + 1);
      if (slash < 0 || !(STORE_FOLDERS as readonly string[]).includes(folder)) throw new Error(`Not an upload prefix: ${prefix}`);
      const directory = path.join(dataDir, folder);
      if (!fs.existsSync(directory)) return [];
      const entries = await fsp.readdir(directory, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && entry.name.startsWith(start))
        .map((entry) => `${folder}/${entry.name}`)
        .sort();
    },
    async listDetails(prefix) {
      const keys = await this.list(prefix);
      const found = await Promise.all(
        keys.map(async (key) => {
          const stat = await fsp.stat(at(key)).catch(() => undefined);
          return stat ? { key, size: stat.size, modified: stat.mtime } : undefined;
        }),
      );
      return found.filter((entry) => entry !== undefined);
    },
    async download(key, file) {
      // Uploads are never changed in place, so a hard link is a copy that costs nothing.
      await fsp.link(at(key), file).catch(() => fsp.copyFile(at(key), file));
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fsp.rm(at(key), { force: true })));
    },
    async ready() {
      try {
        const directory = path.join(dataDir, "uploads");
        await fsp.mkdir(directory, { recursive: true });
        await fsp.access(directory, fsp.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
