import { and, eq } from "drizzle-orm";
import { menuItems, pageContent } from "~/db/schema";
import { applyRecordSnapshot, readRecordSnapshot } from "~/features/pages/snapshot.server";
import { applyContentSnapshot, applyMenuSnapshot } from "./restore-snapshot.server";
import { contentSnapshot, menuSnapshot, type ContentSnapshot, type Executor, type MenuSnapshot } from "./revisions.server";

/**
 * How to read and write the value a revision key names. Every kind of key the history and
 * the releases handle has one entry; a new kind (a landing page `page:<id>`, a redirect) plugs
 * in with one more.
 */
export interface SnapshotKind {
  pattern: RegExp;
  /** The live value now (null: it does not exist). */
  read(executor: Executor, key: string): Promise<unknown>;
  /** Makes the live value the snapshot (null removes it). */
  apply(executor: Executor, key: string, snapshot: unknown): Promise<void>;
}

const splitContentKey = (key: string) => {
  const slash = key.indexOf("/");
  return { page: key.slice(0, slash), section: key.slice(slash + 1) };
};

const menuId = (key: string) => Number(key.slice("menu:".length));

const kinds: SnapshotKind[] = [
  {
    // A landing page (`page:<id>`) or a redirect (`redirect:<id>`), as the pages feature records them.
    pattern: /^(page|redirect):\d{1,9}$/,
    read: (executor, key) => readRecordSnapshot(executor, key),
    apply: async (executor, key, snapshot) => {
      await applyRecordSnapshot(executor, key, snapshot);
    },
  },
  {
    pattern: /^menu:\d{1,9}$/,
    read: async (executor, key) =>
      menuSnapshot(
        (
          await executor
            .select()
            .from(menuItems)
            .where(eq(menuItems.id, menuId(key)))
        )[0],
      ),
    apply: async (executor, key, snapshot) => {
      await applyMenuSnapshot(executor, menuId(key), snapshot as MenuSnapshot | null);
    },
  },
  {
    pattern: /^[a-z0-9_-]{1,100}\/[a-z0-9_-]{1,100}$/i,
    read: async (executor, key) => {
      const { page, section } = splitContentKey(key);
      const [row] = await executor
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)));
      return contentSnapshot(row);
    },
    apply: async (executor, key, snapshot) => {
      const { page, section } = splitContentKey(key);
      await applyContentSnapshot(executor, page, section, snapshot as ContentSnapshot | null);
    },
  },
];

export class UnknownKeyError extends Error {
  constructor(readonly key: string) {
    super(`No snapshot kind for key ${key}`);
  }
}

/** The entry for a key; throws UnknownKeyError for a key no entry knows. */
export function snapshotKindOf(key: string): SnapshotKind {
  const kind = kinds.find((entry) => entry.pattern.test(key));
  if (!kind) throw new UnknownKeyError(key);
  return kind;
}

export const readSnapshot = (executor: Executor, key: string) => snapshotKindOf(key).read(executor, key);
export const applySnapshot = (executor: Executor, key: string, snapshot: unknown) => snapshotKindOf(key).apply(executor, key, snapshot);
