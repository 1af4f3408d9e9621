import { Plus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { pageNames, contentTypes } from "~/features/content/catalogue/types";
import { contentAddSchema, contentMessages } from "~/features/content/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { CONTENT_ACTION, contentIntents } from "~/features/content/intents";

type Field = "pageName" | "sectionName" | "contentType" | "contentValue";
type Errors = Partial<Record<Field, string>>;
const empty = { pageName: "", sectionName: "", contentType: "text", contentValue: "" } satisfies Record<Field, string>;

const firstErrors = (fieldErrors: Record<string, string[] | undefined> | undefined): Errors =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([field, messages]) => [field, messages?.[0]]));

/** Add Content: page name and section name required, a content type, a value. */
// long-function: one linear form: page, section, type and value with their field errors
export function AddContentForm({ pages, onAdded }: { pages: string[]; onAdded: (page: string) => void }) {
  const { m, language } = useMessages();
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const fetcher = useFetcher<ActionResult>({ key: "add-content" });
  const busy = fetcher.state !== "idle";
  const id = useId();
  const suggestions = [...new Set([...pages, ...pageNames.filter((page) => page !== "global")])];

  useActionResult(fetcher, {
    onSuccess: () => {
      toastSuccess(m.content.success, inLanguage(language, contentMessages.added));
      onAdded(values.pageName.trim());
      setValues(empty);
      setErrors({});
    },
    onFailure: (failure) => {
      setErrors(firstErrors(failure.fieldErrors));
      toastError(m.content.error, inLanguage(language, failure.message || contentMessages.addFailed));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contentAddSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors(z.flattenError(parsed.error).fieldErrors));
      return toastError(m.content.error, inLanguage(language, parsed.error.issues[0]?.message ?? contentMessages.addFailed));
    }
    setErrors({});
    void fetcher.submit({ intent: contentIntents.add, ...values }, { method: "post", action: CONTENT_ACTION });
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    disabled: busy,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const error = (name: Field) => <FieldError id={`${id}-${name}-error`}>{inLanguage(language, errors[name])}</FieldError>;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.content.addTitle}</CardTitle>
        <CardDescription>{m.content.addDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-pageName`}>{m.content.pageName}</Label>
            <Input {...field("pageName")} placeholder={m.content.pageNameExample} list={`${id}-pages`} autoComplete="off" />
            <datalist id={`${id}-pages`}>
              {suggestions.map((page) => (
                <option key={page} value={page} />
              ))}
            </datalist>
            {error("pageName")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-sectionName`}>{m.content.sectionName}</Label>
            <Input {...field("sectionName")} placeholder={m.content.sectionNameExample} autoComplete="off" />
            {error("sectionName")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-contentType`}>{m.content.contentType}</Label>
            <select
              {...field("contentType")}
              className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {contentTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
            {error("contentType")}
          </div>
          <div className="space-y-1.5 sm:col-span-3">
            <Label htmlFor={`${id}-contentValue`}>{m.content.contentValue}</Label>
            <Textarea {...field("contentValue")} rows={4} placeholder={m.content.contentValueHint} />
            {error("contentValue")}
          </div>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={busy}>
              <Plus /> {busy ? m.content.adding : m.content.add}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
