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
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

const emptyDraft: MenuDraft = { displayName: "", url: "", menuType: "header", sortOrder: "0" };

/** The Menu tab's add form: name, URL, header or footer, order (default 0). */
export function AddMenuItemForm({ onClose }: { onClose: () => void }) {
  const { m, language } = useMessages();
  const [draft, setDraft] = useState<MenuDraft>(emptyDraft);
  const [errors, setErrors] = useState<MenuErrors>({});
  const fetcher = useFetcher<ActionResult>({ key: "create-menu-item" });
  const busy = fetcher.state !== "idle";
  const typeId = useId();

  useActionResult(fetcher, {
    onSuccess: () => {
      toastSuccess(m.menu.added);
      setDraft(emptyDraft);
      setErrors({});
      onClose();
    },
    onFailure: (failure) => {
      setErrors(firstMenuErrors(failure.fieldErrors));
      toastError(m.menu.addFailed, inLanguage(language, failure.message));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = menuItemSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(menuErrorsOf(parsed.error));
      return toastError(m.menu.addFailed, inLanguage(language, parsed.error.issues[0]?.message));
    }
    setErrors({});
    void fetcher.submit({ intent: menuIntents.create, ...draft }, { method: "post", action: MENU_ACTION });
  }

  const change = (field: keyof MenuDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.menu.newItem}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label={m.menu.newItem} className="grid gap-4 sm:grid-cols-6">
          <MenuFormFields draft={draft} errors={errors} disabled={busy} onChange={change} />
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={typeId}>{m.menu.menu}</Label>
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
                  {m.menu.menus[type]}
                </option>
              ))}
            </select>
            <FieldError>{inLanguage(language, errors.menuType)}</FieldError>
          </div>
          <div className="flex gap-2 sm:col-span-6">
            <Button type="submit" disabled={busy}>
              <Plus /> {busy ? m.menu.adding : m.menu.add}
            </Button>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {m.menu.cancel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
