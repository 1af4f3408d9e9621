import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { addPageLinkSchema } from "~/features/content/page-links/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

export const ADD_PAGE_LINK = "add-page-link";

// The labels and placeholders are the message catalogue's (`pageLinks`); "/page-url" is an address's form.
const fields = [
  { name: "pageName", label: "pageName", placeholder: "pageNamePlaceholder" },
  { name: "pageUrl", label: "pageUrl", placeholder: null },
] as const;

type FieldName = (typeof fields)[number]["name"];

/** The 'Add Page Link' form; it closes after a successful add and the list is read again. */
export function AddPageLinkForm({ onDone }: { onDone: () => void }) {
  const { m, language } = useMessages();
  const [values, setValues] = useState<Record<FieldName, string>>({ pageName: "", pageUrl: "" });
  const [browserErrors, setBrowserErrors] = useState<Partial<Record<FieldName, string>>>({});
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => {
      toastSuccess(m.pageLinks.added);
      onDone();
    },
    onFailure: (failure) => toastError(m.pageLinks.error, inLanguage(language, failure.message) ?? m.pageLinks.addFailed),
  });

  function add(event: FormEvent) {
    event.preventDefault();
    const parsed = addPageLinkSchema.safeParse(values);
    const errors: Partial<Record<FieldName, string>> = {};
    for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as FieldName] ??= issue.message;
    setBrowserErrors(errors);
    if (!parsed.success) return;
    void fetcher.submit({ intent: ADD_PAGE_LINK, ...values }, { method: "post", action: "/admin/settings" });
  }

  return (
    <Card>
      <CardContent className="pt-5">
        <form onSubmit={add} noValidate className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => {
            const error = inLanguage(language, browserErrors[field.name] ?? (busy ? undefined : fieldError(fetcher.data, field.name)));
            return (
              <div key={field.name} className="space-y-1">
                <Label htmlFor={`add-link-${field.name}`}>{m.pageLinks[field.label]}</Label>
                <Input
                  id={`add-link-${field.name}`}
                  required
                  // i18n-ignore: "/page-url" is an address's form, the same in every language
                  placeholder={field.placeholder ? m.pageLinks[field.placeholder] : "/page-url"}
                  value={values[field.name]}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                />
                <FieldError>{error}</FieldError>
              </div>
            );
          })}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {m.pageLinks.addLink}
            </Button>
            <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
              {m.pageLinks.cancel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
