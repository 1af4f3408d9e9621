import { eq } from "drizzle-orm";
import { releaseChanges, releases } from "~/db/schema";
import type { Executor } from "~/features/history/revisions.server";
import type { ReleaseOverlay, StagedContent, StagedMenuItem } from "./contract";

const MENU_KEY = /^menu:(\d+)$/;
const RECORD_KEY = /^(page|redirect):\d+$/;

/**
 * A release's staged values as an overlay on live content (see ReleaseOverlay); undefined for
 * an unknown release. Any state is answered: the caller decides who may see what.
 */
export async function loadReleaseOverlay(executor: Executor, releaseId: number): Promise<ReleaseOverlay | undefined> {
  const [release] = await executor.select({ id: releases.id, name: releases.name }).from(releases).where(eq(releases.id, releaseId));
  if (!release) return undefined;
  const changes = await executor
    .select({ key: releaseChanges.key, staged: releaseChanges.staged })
    .from(releaseChanges)
    .where(eq(releaseChanges.releaseId, releaseId));
  const overlay: ReleaseOverlay = { releaseId: release.id, name: release.name, content: new Map(), menu: new Map(), records: new Map() };
  for (const change of changes) {
    const menu = MENU_KEY.exec(change.key);
    if (menu) overlay.menu.set(Number(menu[1]), (change.staged as StagedMenuItem | null) ?? null);
    else if (RECORD_KEY.test(change.key)) overlay.records!.set(change.key, change.staged ?? null);
    else if (change.key.includes("/")) overlay.content.set(change.key, (change.staged as StagedContent | null) ?? null);
  }
  return overlay;
}
