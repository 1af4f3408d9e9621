import { useId } from "react";
import { z } from "zod";
import { FieldError, Input, Label } from "~/components/ui/input";
import { cn } from "~/platform/cn";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import type { MenuField } from "~/features/content/menu/schema";

export type MenuDraft = Record<MenuField, string>;
export type MenuErrors = Partial<Record<MenuField, string>>;

/** The first message per field, from the browser's check or the server's answer. */
export function firstMenuErrors(fieldErrors: Record<string, string[] | undefined> | undefined): MenuErrors {
  return Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([field, messages]) => [field, messages?.[0]]));
}

export const menuErrorsOf = (error: z.ZodError) => firstMenuErrors(z.flattenError(error).fieldErrors);

// Column spans in the add form's six-column grid and the inline edit's five-column one.
const fields = [
  { name: "displayName", span: "sm:col-span-3", compactSpan: "sm:col-span-2" },
  { name: "url", span: "sm:col-span-3", compactSpan: "sm:col-span-2" },
  { name: "sortOrder", span: "sm:col-span-2", compactSpan: "" },
] as const;

/**
 * Name, URL and order, shared by the add form and the inline edit; each field shows its own
 * message. NOTE: the order is a text field read as an integer (0 when not a number), which is the menu's validation rule.
 */
export function MenuFormFields({
  draft,
  errors,
  disabled,
  onChange,
  compact = false,
}: {
  draft: MenuDraft;
  errors: MenuErrors;
  disabled: boolean;
  onChange: (field: MenuField, value: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  const { m, language } = useMessages();
  const labels = { displayName: m.menu.name, url: m.menu.url, sortOrder: m.menu.order };
  // The address and order examples are not words to translate.
  const placeholders = { displayName: m.menu.nameExample, url: "/page-url", sortOrder: "0" };
  return (
    <>
      {fields.map((field) => (
        <div key={field.name} className={cn("space-y-1.5", compact ? field.compactSpan : field.span)}>
          <Label htmlFor={`${id}-${field.name}`} className={cn(compact && "text-xs text-slate-600")}>
            {labels[field.name]}
          </Label>
          <Input
            id={`${id}-${field.name}`}
            name={field.name}
            value={draft[field.name]}
            placeholder={placeholders[field.name]}
            inputMode={field.name === "sortOrder" ? "numeric" : undefined}
            autoComplete="off"
            disabled={disabled}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `${id}-${field.name}-error` : undefined}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
          <FieldError id={`${id}-${field.name}-error`}>{inLanguage(language, errors[field.name])}</FieldError>
        </div>
      ))}
    </>
  );
}
