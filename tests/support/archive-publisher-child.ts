// One site instance saving content in a loop with the archive's outbox on and no worker, for the
// kill -9 tests: opens the database (DATABASE_URL, or the embedded one in DATA_DIR), prints
// "saved" after each save commits, and runs until it is killed.
import { registerArchive } from "~/features/archive/register.server";
import { registerContentKinds } from "~/features/content/records.server";
import { openDatabase, setDatabase } from "~/platform/db.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.DATA_DIR,
});
setDatabase(handle);
// The content rows and the archive's outbox: what the saves below need (the other kinds read
// addresses built into the site, which this process has no build for).
registerContentKinds();
registerArchive();
const actor = { id: "crash-admin", email: "crash@example.com", role: "administrator" };
for (let index = 0; ; index += 1) {
  await upsertContentValue(handle.db, {
    page: "home",
    section: `archive_crash_${process.env.CYCLE}_${index}`,
    value: String(index),
    actor,
  });
  process.stdout.write("saved\n");
}
