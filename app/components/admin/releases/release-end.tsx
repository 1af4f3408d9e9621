import { Input, Label } from "~/components/ui/input";
import type { ReleaseDetail } from "~/features/releases/contract";
import { releaseIntents } from "~/features/releases/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { ReleaseActionForm } from "./release-form";

/** A release's end time: after it, its changes are reverted as one group (empty: no end). */
export function ReleaseEndForm({ release }: { release: ReleaseDetail }) {
  const { m } = useMessages();
  if (!release.viewerMay.publish || release.endedAt || release.state === "cancelled" || release.state === "failed") return null;
  return (
    <ReleaseActionForm intent={releaseIntents.setEnd} label={m.releases.end.save} done={m.releases.end.saved}>
      <div className="grid gap-1">
        <Label htmlFor="release-end-at">{m.releases.end.at({ zone: release.timeZone })}</Label>
        <Input id="release-end-at" name="endsAt" type="datetime-local" step={1} defaultValue={release.endsAtLocal} />
      </div>
    </ReleaseActionForm>
  );
}
