import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { openDatabase } from "../../../app/platform/db.server";
import { announceDatabaseTemplate, databaseTemplateDir } from "./database-template";
import { PORTS_PER_WORKER } from "./ports";

/**
 * Before a run: the production build must be there (the servers run it), and what an earlier
 * run on the same ports left (each worker's DATA_DIR and saved sessions) goes, so every worker
 * starts on an empty database. Runs on other ports are left alone. Then the embedded database
 * is made and migrated once, by the server's own code, for the servers of the run to copy
 * (database-template.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    throw new Error(`No production build in ${buildDir}/: run \`npx react-router build\` first (npm run test:e2e does).`);
  }
  const base = Number(process.env.E2E_PORT ?? 4173);
  for (let slot = 0; slot < config.workers; slot++) {
    const port = base + PORTS_PER_WORKER * slot;
    fs.rmSync(path.resolve(`test-results/e2e-data-${port}`), { recursive: true, force: true });
    for (const account of ["admin", "member"]) fs.rmSync(path.resolve(`test-results/.auth/${account}-${port}.json`), { force: true });
  }
  const template = databaseTemplateDir(base);
  fs.rmSync(template, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: template });
  await handle.close();
  fs.rmSync(path.join(template, "db.lock"), { force: true });
  announceDatabaseTemplate(template);
}
