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
import { menuTitles } from "./menu-labels";
import type { MenuItemView } from "~/features/content/menu/types";

/** The Menu tab: the header and footer lists, and the add form behind a toggle. */
export function MenuPanel({ items, loadFailed }: { items: MenuItemView[]; loadFailed: boolean }) {
  const [adding, setAdding] = useState(false);
  // Deleting lives here, not in the row: the row is gone by the time the answer is read.
  const deleter = useFetcher<ActionResult>({ key: "delete-menu-item" });
  useActionResult(deleter, {
    onSuccess: () => toastSuccess("Пункт меню удален"),
    onFailure: (failure) => toastError("Не удалось удалить пункт меню", failure.message),
  });
  const deletingId = deleter.state !== "idle" ? Number(deleter.formData?.get("id")) : undefined;
  const remove = (item: MenuItemView) =>
    void deleter.submit({ intent: menuIntents.delete, id: item.id }, { method: "post", action: MENU_ACTION });

  return (
    <section aria-labelledby="menu-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="menu-heading" className="text-xl font-semibold">
            Меню
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Пункты верхнего и нижнего меню сайта. Скрытые пункты не показываются на сайте; в подвале — не больше шести.
          </p>
        </div>
        <Button onClick={() => setAdding((open) => !open)} variant={adding ? "outline" : "default"} aria-expanded={adding}>
          <Plus /> Добавить пункт меню
        </Button>
      </div>

      {adding ? <AddMenuItemForm onClose={() => setAdding(false)} /> : null}
      {loadFailed ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          Не удалось загрузить меню.
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        {menuTypes.map((type) => {
          const list = items.filter((item) => item.menuType === type);
          return (
            <Card key={type} role="region" aria-label={menuTitles[type]}>
              <CardHeader className="border-b border-slate-100 pb-4">
                <CardTitle>{menuTitles[type]}</CardTitle>
                <CardDescription>
                  {list.length} {pluralItems(list.length)}
                </CardDescription>
              </CardHeader>
              {list.length === 0 ? (
                <p className="p-5 text-sm text-slate-500">Пунктов пока нет.</p>
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

const itemWords: Partial<Record<Intl.LDMLPluralRule, string>> = { one: "пункт", few: "пункта", many: "пунктов" };
const russianPlural = new Intl.PluralRules("ru");

function pluralItems(count: number) {
  return itemWords[russianPlural.select(count)] ?? "пунктов";
}
