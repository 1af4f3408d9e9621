// One site instance's scheduled publishing, from source, for the kill -9 tests: opens the
// database (DATABASE_URL, or the embedded one in DATA_DIR), starts the shared scheduler with the
// scheduled-publish job, prints "ready" and runs until it is killed.
import { openDatabase } from "~/platform/db.server";
import { startJobs } from "~/platform/jobs.server";
import { scheduledPublishJob } from "~/features/releases/schedule.server";

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.DATA_DIR,
});
startJobs([scheduledPublishJob(() => handle.db, {}, Number(process.env.EVERY_MS ?? 200))]);
process.stdout.write("ready\n");
setInterval(() => {}, 60_000);
