import { AsyncLocalStorage } from "node:async_hooks";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { pageNames, type PageName } from "~/features/content/catalogue/types";
import type { MenuItemRow } from "~/db/schema";
import type { ReleaseOverlay } from "~/features/releases/contract";

/**
 * One preview request: who is looking (an administrator, or a reviewer through a link), the
 * release applied (none: the live site) and, for the live preview beside an editor, the values
 * typed and not yet saved (`page/section` -> value). It lives only in the async context of the
 * request that was recognised as a preview (server/http/preview.ts); nothing else can see it.
 */
export interface PreviewState {
  kind: "admin" | "reviewer";
  overlay: ReleaseOverlay | undefined;
  draft: ReadonlyMap<string, string>;
}

const storage = new AsyncLocalStorage<PreviewState | undefined>();

/** The preview the current request renders, or undefined for every ordinary request. */
export function currentPreview(): PreviewState | undefined {
  return storage.getStore();
}

export function runInPreview<T>(state: PreviewState, task: () => T): T {
  return storage.run(state, task);
}

/** Runs work for no preview at all, whatever context it was started from (the page cache's renders). */
export function runOutsidePreview<T>(task: () => T): T {
  return storage.run(undefined, task);
}

const isPageName = (name: string): name is PageName => (pageNames as readonly string[]).includes(name);

/**
 * A page's content with the preview applied: the release's staged rows, then the typed values.
 * The shared (cached) object is never changed; a new one is answered. A deleted or empty staged
 * value falls back to the default, as an empty stored value does.
 */
export function overlayPageContent(page: string, live: Record<string, string>, preview: PreviewState): Record<string, string> {
  const prefix = `${page}/`;
  let content: Record<string, string> | undefined;
  const defaults = isPageName(page) ? defaultsFor(page) : {};
  const put = (section: string, value: string | undefined) => {
    content ??= { ...live };
    if (value !== undefined && value.trim() !== "") content[section] = value;
    else if (section in defaults) content[section] = defaults[section]!;
    else delete content[section];
  };
  for (const [key, staged] of preview.overlay?.content ?? []) {
    if (key.startsWith(prefix)) put(key.slice(prefix.length), staged?.contentValue);
  }
  for (const [key, value] of preview.draft) {
    if (key.startsWith(prefix)) put(key.slice(prefix.length), value);
  }
  return content ?? live;
}

/** The active items of one menu with the release's staged additions, edits, moves, hides and deletions. */
export function overlayMenu(menuType: "header" | "footer", live: MenuItemRow[], preview: PreviewState): MenuItemRow[] {
  const staged = preview.overlay?.menu;
  if (!staged || staged.size === 0) return live;
  const items = live.filter((item) => !staged.has(item.id));
  for (const item of staged.values()) {
    if (item && item.isActive && item.menuType === menuType) items.push({ ...item, createdAt: new Date(0) });
  }
  return items.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}
