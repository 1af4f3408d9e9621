import { Glyph } from "~/components/site/glyph";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  CONTACT_ERRORS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECTS,
  CONTACT_SUCCESS_MESSAGE,
} from "~/content/contact-form";
import type { ContactFieldErrors } from "~/schemas/contact";
import type { PageContent } from "../page-content";

export const SEND_DELAY_MS = 1000;
export const SUCCESS_VISIBLE_MS = 5000;

/** What the route's action answers when the form was posted without JavaScript. */
export type ContactActionData = { sent: true } | { sent: false; errors: ContactFieldErrors; values: Record<string, string> };

type Field = keyof ContactFieldErrors;

const inputClass =
  "w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/15 focus-visible:outline-none aria-[invalid=true]:border-red-500 sm:text-sm";

/**
 * The contact form. Sending is simulated (SPEC §4): after 1 s the success message shows and
 * the form clears; the message hides after 5 s. Nothing is sent anywhere. The browser checks
 * the fields (required, e-mail type, subject list); blank text is caught here.
 */
export function ContactForm({ content, actionData }: { content: PageContent; actionData?: ContactActionData }) {
  const [status, setStatus] = useState<"idle" | "sending" | "sent">(actionData?.sent ? "sent" : "idle");
  const [errors, setErrors] = useState<ContactFieldErrors>(actionData && !actionData.sent ? actionData.errors : {});
  const timers = useRef<number[]>([]);
  const values = actionData && !actionData.sent ? actionData.values : {};

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const blank = (name: Field) => String(data.get(name) ?? "").trim() === "";
    const fieldErrors: ContactFieldErrors = {
      ...(blank("name") ? { name: CONTACT_ERRORS.name } : {}),
      ...(blank("message") ? { message: CONTACT_ERRORS.message } : {}),
    };
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    setStatus("sending");
    timers.current.push(
      window.setTimeout(() => {
        form.reset();
        setStatus("sent");
        timers.current.push(window.setTimeout(() => setStatus("idle"), SUCCESS_VISIBLE_MS));
      }, SEND_DELAY_MS),
    );
  };

  const field = (name: Field, label: string | undefined, control: React.ReactNode) => (
    <div className={`grid gap-2 ${name === "subject" || name === "message" ? "sm:col-span-2" : ""}`}>
      <label htmlFor={`contact-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
      {errors[name] ? (
        <p id={`contact-${name}-error`} role="alert" className="text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const attributes = (name: Field) => ({
    id: `contact-${name}`,
    name,
    required: true,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
  });

  return (
    <form method="post" onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      {field("name", content.form_name_label, <input {...attributes("name")} autoComplete="name" maxLength={CONTACT_NAME_MAX_LENGTH} className={`h-11 ${inputClass}`} />)}
      {field("email", content.form_email_label, <input {...attributes("email")} type="email" autoComplete="email" className={`h-11 ${inputClass}`} />)}
      {field(
        "subject",
        content.form_subject_label,
        <select {...attributes("subject")} className={`h-11 ${inputClass}`}>
          <option value="" disabled>
            {content.form_subject_placeholder}
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>,
      )}
      {field("message", content.form_message_label, <textarea {...attributes("message")} rows={5} maxLength={CONTACT_MESSAGE_MAX_LENGTH} className={`py-2.5 ${inputClass}`} />)}
      <div className="flex flex-col gap-4 sm:col-span-2">
        <button
          type="submit"
          disabled={status === "sending"}
          className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-brand px-6 font-semibold text-brand-foreground shadow-lg shadow-brand/25 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 sm:w-fit"
        >
          <Glyph name="send" className="size-4" />
          {status === "sending" ? content.form_sending : content.form_submit}
        </button>
        <div aria-live="polite">
          {status === "sent" ? (
            <p className="flex items-start gap-2.5 rounded-xl bg-emerald-50 p-4 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200">
              <Glyph name="check-circle-2" className="size-5 shrink-0" />
              {CONTACT_SUCCESS_MESSAGE}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
