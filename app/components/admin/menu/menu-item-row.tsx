import { Check, Eye, EyeOff, Loader2, Pencil, Trash2, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { ConflictNotice, useConflict } from "~/components/admin/history/conflict-notice";
import { HistoryDialog } from "~/components/admin/history/history-dialog";
import { useVersion } from "~/components/admin/history/versions";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { cn } from "~/platform/cn";
import { menuItemSchema } from "~/features/content/menu/schema";
import { MENU_ACTION, menuIntents } from "~/features/content/menu/intents";
import { firstMenuErrors, menuErrorsOf, MenuFormFields, type MenuDraft, type MenuErrors } from "./menu-form-fields";
import type { MenuItemView } from "~/features/content/menu/types";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { StagedNote } from "~/components/admin/releases/staged-note";

const draftOf = (item: MenuItemView): MenuDraft => ({
  displayName: item.displayName,
  url: item.url,
  menuType: item.menuType,
  sortOrder: String(item.sortOrder),
});

/** One menu item: shown with name, URL and '#order', or edited in place. */
// long-function: one row's view and its in-place edit form share the row's state; apart they would pass it all back and forth
export function MenuItemRow({ item, deleting, onDelete }: { item: MenuItemView; deleting: boolean; onDelete: () => void }) {
  const { m, language } = useMessages();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(item));
  const [errors, setErrors] = useState<MenuErrors>({});
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? fetcher.formData?.get("intent") : undefined;
  const version = useVersion(`menu:${item.id}`);
  const { conflict, dismiss } = useConflict(fetcher);

  useActionResult(fetcher, {
    onSuccess: () => {
      toastSuccess(m.menu.updated);
      setEditing(false);
      setErrors({});
    },
    onFailure: (failure) => {
      setErrors(firstMenuErrors(failure.fieldErrors));
      toastError(m.menu.updateFailed, inLanguage(language, failure.message));
    },
  });

  function startEditing() {
    setDraft(draftOf(item));
    setErrors({});
    setEditing(true);
  }

  function save(event: FormEvent, openedVersion = version) {
    event.preventDefault();
    const parsed = menuItemSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(menuErrorsOf(parsed.error));
      return toastError(m.menu.updateFailed, inLanguage(language, parsed.error.issues[0]?.message));
    }
    const { displayName, url, sortOrder } = draft;
    void fetcher.submit(
      { intent: menuIntents.update, id: item.id, displayName, url, sortOrder, version: openedVersion },
      { method: "post", action: MENU_ACTION },
    );
  }

  const toggle = () =>
    void fetcher.submit(
      { intent: menuIntents.setActive, id: item.id, isActive: String(!item.isActive) },
      { method: "post", action: MENU_ACTION },
    );

  if (editing) {
    return (
      <li data-testid={`menu-item-${item.id}`} className="bg-indigo-50/40 p-4">
        <form onSubmit={save} noValidate aria-label={m.menu.edit({ name: item.displayName })} className="grid gap-3 sm:grid-cols-5">
          <MenuFormFields
            draft={draft}
            errors={errors}
            disabled={busy}
            compact
            onChange={(field, value) => setDraft((current) => ({ ...current, [field]: value }))}
          />
          <div className="flex gap-2 sm:col-span-5">
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" /> : <Check />} {m.menu.save}
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => setEditing(false)}>
              <X /> {m.menu.cancel}
            </Button>
          </div>
          {conflict ? (
            <div className="sm:col-span-5">
              <ConflictNotice
                conflict={conflict}
                onKeepTheirs={() => {
                  dismiss();
                  setEditing(false);
                }}
                onOverwrite={(current) => {
                  dismiss();
                  save({ preventDefault() {} } as FormEvent, current);
                }}
              />
            </div>
          ) : null}
        </form>
      </li>
    );
  }

  return (
    <li data-testid={`menu-item-${item.id}`} className={cn("flex flex-wrap items-center gap-3 px-4 py-3", !item.isActive && "bg-slate-50")}>
      {/* A hidden item is told by its background, its grey name and the badge; not by fading, which made its text unreadable. */}
      <div className="min-w-0 flex-1">
        <p className={cn("font-medium", item.isActive ? "text-slate-900" : "text-slate-600")}>
          {item.displayName}
          {!item.isActive ? (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-700">{m.menu.hidden}</span>
          ) : null}
        </p>
        <p className="truncate text-sm text-slate-500">
          <span className="font-mono">{item.url}</span> <span className="ml-2 text-slate-500">#{item.sortOrder}</span>
        </p>
        <StagedNote itemKey={`menu:${item.id}`} />
      </div>
      <div className="flex items-center gap-1">
        <HistoryDialog historyKey={`menu:${item.id}`} title={item.displayName} />
        <Button variant="ghost" size="icon" aria-label={m.menu.edit({ name: item.displayName })} disabled={busy} onClick={startEditing}>
          <Pencil />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={item.isActive ? m.menu.hide({ name: item.displayName }) : m.menu.show({ name: item.displayName })}
          disabled={busy}
          onClick={toggle}
        >
          {pendingIntent === menuIntents.setActive ? <Loader2 className="animate-spin" /> : item.isActive ? <Eye /> : <EyeOff />}
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={m.menu.remove({ name: item.displayName })}
              disabled={deleting}
              className="text-red-700 hover:bg-red-50"
            >
              {deleting ? <Loader2 className="animate-spin" /> : <Trash2 />}
            </Button>
          }
          title={m.menu.removeTitle}
          description={m.menu.removeDescription({ name: item.displayName, url: item.url })}
          confirmLabel={m.menu.removeConfirm}
          cancelLabel={m.menu.cancel}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
