import { useEffect } from "react";
import { data } from "react-router";
import { menuIntents } from "~/features/content/menu/intents";
import { VersionsContext } from "~/components/admin/history/versions";
import { MenuPanel } from "~/components/admin/menu/menu-panel";
import type { MenuItemView } from "~/features/content/menu/types";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { menu as ruMenu } from "~/features/admin-i18n/catalogue/ru/menu";
import { answerFailuresInPlace } from "~/platform/action-result";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { toastError } from "~/components/ui/toast";
import { failed, readForm, refused, succeeded } from "~/platform/action-result.server";
import { runAction } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { createMenuItem, deleteMenuItem, listMenuItems, setMenuItemActive, updateMenuItem } from "~/features/content/menu/menu.server";
import { requireMember } from "~/features/auth/permissions.server";
import { latestVersions } from "~/features/records/revisions.server";
import { menuItemActiveSchema, menuItemIdSchema, menuItemSchema, menuItemUpdateSchema, menuMessages } from "~/features/content/menu/schema";
import type { Route } from "./+types/admin.menu";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.menu.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requireMember(request, "content.edit", { defaultLocale: true });
  const headers = { "Cache-Control": "no-store" };
  try {
    const items: MenuItemView[] = (await listMenuItems(getDb())).map(({ id, displayName, url, menuType, sortOrder, isActive }) => ({
      id,
      displayName,
      url,
      menuType,
      sortOrder,
      isActive,
    }));
    const versions = await latestVersions(
      getDb(),
      items.map((item) => `menu:${item.id}`),
    );
    return data({ items, versions, loadFailed: false }, { headers });
  } catch (error) {
    // A failed menu read yields an empty list, not an error page.
    logger.error({ err: error }, "menu read failed");
    return data({ items: [] as MenuItemView[], versions: {}, loadFailed: true }, { headers });
  }
}

/** The writes of this tab: add, edit, show or hide, and delete a menu item. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const db = getDb();
  return runAction(
    intent,
    async () => {
      switch (intent) {
        case menuIntents.create: {
          const parsed = menuItemSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, menuMessages.invalid);
          await createMenuItem(db, parsed.data, actor);
          return succeeded(intent);
        }
        case menuIntents.update: {
          // Only the fields the form sent: the others are taken from the stored item.
          const parsed = menuItemUpdateSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, menuMessages.invalid);
          await updateMenuItem(db, parsed.data, actor);
          return succeeded(intent);
        }
        case menuIntents.setActive: {
          const parsed = menuItemActiveSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, menuMessages.invalid);
          await setMenuItemActive(db, parsed.data.id, parsed.data.isActive, actor);
          return succeeded(intent);
        }
        case menuIntents.delete: {
          const parsed = menuItemIdSchema.safeParse(form);
          if (!parsed.success) return refused(intent, parsed.error, menuMessages.invalid);
          await deleteMenuItem(db, parsed.data.id, actor);
          return succeeded(intent);
        }
        default:
          return failed(intent, 400, ruMenu.unknownAction);
      }
    },
    {
      log: "menu write failed",
      message: (intent) =>
        intent === menuIntents.create
          ? menuMessages.createFailed
          : intent === menuIntents.delete
            ? menuMessages.deleteFailed
            : menuMessages.updateFailed,
    },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminMenu({ loaderData }: Route.ComponentProps) {
  const { m } = useMessages();
  useEffect(() => {
    if (loaderData.loadFailed) toastError(m.menu.error, m.menu.loadFailedToast);
    // Once per failed load, in the language the tab opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaderData.loadFailed]);
  return (
    <VersionsContext.Provider value={loaderData.versions}>
      <MenuPanel items={loaderData.items} loadFailed={loaderData.loadFailed} />
    </VersionsContext.Provider>
  );
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.menu.title} fallback={m.menu.loadFailedToast} />;
}
