// The composition of the record store: every feature's record kinds, and the releases as its
// drafts. Imported once by the server entry (and by the tests' set-up) before any write or read.
// Adding a record kind: register it in its feature and call the registration here.
import { registerArchive } from "~/features/archive/register.server";
import { registerContentKinds } from "~/features/content/records.server";
import { registerMediaKinds } from "~/features/media/info.server";
import { recordWrittenUsage } from "~/features/media/usage.server";
import { registerPageKinds } from "~/features/pages/register.server";
import { setDraftHost } from "~/features/records/drafts.server";
import { setWrittenObserver } from "~/features/records/written.server";
import { releaseDraftHost } from "~/features/releases/drafting.server";
import { registerSeoKinds } from "~/features/seo/records.server";

registerContentKinds();
registerSeoKinds();
registerPageKinds();
registerMediaKinds();
setDraftHost(releaseDraftHost);
// Every change of what public pages serve is noted for the archive in its own transaction.
registerArchive();
// Every upload a write stores or stages is indexed in its transaction (the media library's "where used").
setWrittenObserver(recordWrittenUsage);
