// The archive joins the record store: every live write notes its change in its transaction, and
// after this instance's own write has moved its memory to the new content the worker is asked to run.
import { setPublishRecorder } from "~/features/records/published.server";
import { onContentWritten } from "~/features/records/version.server";
import { markWrittenReady, recordPublish } from "./outbox.server";
import { kickArchive } from "./worker.server";

let registered = false;

export function registerArchive() {
  setPublishRecorder(recordPublish);
  if (registered) return;
  registered = true;
  onContentWritten(async () => {
    markWrittenReady();
    kickArchive();
  });
}
