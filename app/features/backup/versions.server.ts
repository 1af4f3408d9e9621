import fs from "node:fs";
import path from "node:path";

/** The product's version from package.json (the server and the commands run from the project's root). */
export function productVersion() {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string };
    return manifest.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The tag of a migration (e.g. `0002_activity_events`) from drizzle's journal, by its timestamp. */
export function migrationTag(migrationsFolder: string, createdAt: number) {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { when: number; tag: string }[];
    };
    return journal.entries.find((entry) => entry.when === createdAt)?.tag ?? `unknown (${createdAt})`;
  } catch {
    return `unknown (${createdAt})`;
  }
}
