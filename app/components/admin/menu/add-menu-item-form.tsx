import { Plus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { menuItemSchema, menuTypes, type MenuType } from "~/features/content/menu/schema";
import { MENU_ACTION, menuIntents } from "~/features/content/menu/intents";
import { firstMenuErrors, menuErrorsOf, MenuFormFields, type MenuDraft, type MenuErrors } from "./menu-form-fields";
import { menuTitles } from "./menu-labels";

const emptyDraft: MenuDraft = { displayName: "", url: "", menuType: "header", sortOrder: "0" };

/** The Menu tab's add form: name, URL, header or footer, order (default 0). */
export function AddMenuItemForm({ onClose }: { onClose: () => void }) {
  const [draft, setDraft] = useState<MenuDraft>(emptyDraft);
  const [errors, setErrors] = useState<MenuErrors>({});
  const fetcher = useFetcher<ActionResult>({ key: "create-menu-item" });
  const busy = fetcher.state !== "idle";
  const typeId = useId();

  useActionResult(fetcher, {
    onSuccess: () => {
      toastSuccess("Пункт меню добавлен");
      setDraft(emptyDraft);
      setErrors({});
      onClose();
    },
    onFailure: (failure) => {
      setErrors(firstMenuErrors(failure.fieldErrors));
      toastError("Не удалось добавить пункт меню", failure.message);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = menuItemSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(menuErrorsOf(parsed.error));
      return toastError("Не удалось добавить пункт меню", parsed.error.issues[0]?.message);
    }
    setErrors({});
    void fetcher.submit({ intent: menuIntents.create, ...draft }, { method: "post", action: MENU_ACTION });
  }

  const change = (field: keyof MenuDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Новый пункт меню</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Новый пункт меню" className="grid gap-4 sm:grid-cols-6">
          <MenuFormFields draft={draft} errors={errors} disabled={busy} onChange={change} />
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={typeId}>Меню</Label>
            <select
              id={typeId}
              name="menuType"
              value={draft.menuType}
              disabled={busy}
              onChange={(event) => change("menuType", event.target.value as MenuType)}
              className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {menuTypes.map((type) => (
                <option key={type} value={type}>
                  {menuTitles[type]}
                </option>
              ))}
            </select>
            <FieldError>{errors.menuType}</FieldError>
          </div>
          <div className="flex gap-2 sm:col-span-6">
            <Button type="submit" disabled={busy}>
              <Plus /> {busy ? "Добавление..." : "Добавить"}
            </Button>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Отмена
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
