// The composition of the record store: every feature's record kinds, and the releases as its
// drafts. Imported once by the server entry (and by the tests' set-up) before any write or read.
// Adding a record kind: register it in its feature and call the registration here.
import { registerContentKinds } from "~/features/content/records.server";
import { registerPageKinds } from "~/features/pages/register.server";
import { setDraftHost } from "~/features/records/drafts.server";
import { releaseDraftHost } from "~/features/releases/drafting.server";
import { registerSeoKinds } from "~/features/seo/records.server";

registerContentKinds();
registerSeoKinds();
registerPageKinds();
setDraftHost(releaseDraftHost);
