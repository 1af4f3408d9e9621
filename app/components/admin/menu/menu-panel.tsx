import { Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { menuTypes } from "~/features/content/menu/schema";
import { AddMenuItemForm } from "./add-menu-item-form";
import { MENU_ACTION, menuIntents } from "~/features/content/menu/intents";
import { MenuItemRow } from "./menu-item-row";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import type { MenuItemView } from "~/features/content/menu/types";

/** The Menu tab: the header and footer lists, and the add form behind a toggle. */
export function MenuPanel({ items, loadFailed }: { items: MenuItemView[]; loadFailed: boolean }) {
  const { m, language } = useMessages();
  const [adding, setAdding] = useState(false);
  // Deleting lives here, not in the row: the row is gone by the time the answer is read.
  const deleter = useFetcher<ActionResult>({ key: "delete-menu-item" });
  useActionResult(deleter, {
    onSuccess: () => toastSuccess(m.menu.removed),
    onFailure: (failure) => toastError(m.menu.removeFailed, inLanguage(language, failure.message)),
  });
  const deletingId = deleter.state !== "idle" ? Number(deleter.formData?.get("id")) : undefined;
  const remove = (item: MenuItemView) =>
    void deleter.submit({ intent: menuIntents.delete, id: item.id }, { method: "post", action: MENU_ACTION });

  return (
    <section aria-labelledby="menu-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="menu-heading" className="text-xl font-semibold">
            {m.menu.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m.menu.description}</p>
        </div>
        <Button onClick={() => setAdding((open) => !open)} variant={adding ? "outline" : "default"} aria-expanded={adding}>
          <Plus /> {m.menu.addItem}
        </Button>
      </div>

      {adding ? <AddMenuItemForm onClose={() => setAdding(false)} /> : null}
      {loadFailed ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {m.menu.loadFailed}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        {menuTypes.map((type) => {
          const list = items.filter((item) => item.menuType === type);
          return (
            <Card key={type} role="region" aria-label={m.menu.menus[type]}>
              <CardHeader className="border-b border-slate-100 pb-4">
                <CardTitle>{m.menu.menus[type]}</CardTitle>
                <CardDescription>{m.menu.count({ count: list.length })}</CardDescription>
              </CardHeader>
              {list.length === 0 ? (
                <p className="p-5 text-sm text-slate-500">{m.menu.none}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {list.map((item) => (
                    <MenuItemRow key={item.id} item={item} deleting={deletingId === item.id} onDelete={() => remove(item)} />
                  ))}
                </ul>
              )}
            </Card>
          );
        })}
      </div>
    </section>
  );
}
