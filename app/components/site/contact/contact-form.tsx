import { Glyph } from "~/components/site/glyph";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_ERROR_MESSAGE,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECTS,
  CONTACT_SUCCESS_MESSAGE,
} from "~/features/content/catalogue/contact-form";
import { usePublicTexts } from "~/components/site/use-public-texts";
import { CONTACT_MESSAGE_REQUIRED, CONTACT_NAME_REQUIRED } from "~/features/locales/contact-texts";
import type { ContactFieldErrors } from "~/features/contact/schema";
import type { PageContent } from "~/components/site/page-content";

/** The success message shows about a second after sending, and hides after five. */
export const SEND_DELAY_MS = 1000;
export const SUCCESS_VISIBLE_MS = 5000;

/** The route action's answer: sent (or spam, answered alike), refused fields, or not stored. */
export type ContactActionData =
  | { status: "sent" }
  | { status: "invalid"; errors: ContactFieldErrors; values: Record<string, string> }
  | { status: "failed"; values: Record<string, string> };

type Field = keyof ContactFieldErrors;
type Status = "idle" | "sending" | "sent" | "failed";

const inputClass =
  "w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/15 focus-visible:outline-none aria-[invalid=true]:border-red-500 sm:text-sm";

const initialStatus = (answer?: ContactActionData): Status =>
  answer?.status === "sent" ? "sent" : answer?.status === "failed" ? "failed" : "idle";

/**
 * The contact form. It posts to the route's action: with JavaScript through a fetcher (the
 * page stays; the answer shows no sooner than a second after sending), without it
 * as a plain form post that reloads the page with the same texts. On success the form clears
 * and the message hides after five seconds; on failure what was typed stays.
 */
// long-function: one form with its fill-time guard, field errors and sent/failed states, read top to bottom
export function ContactForm({ content, actionData }: { content: PageContent; actionData?: ContactActionData }) {
  const fetcher = useFetcher<ContactActionData>();
  // The labels are content keys (in the page's locale through the content's fallback); the messages are fixed texts
  // (the honeypot's label, hidden from everyone, stays English; the server records the page's locale as the message's language).
  const texts = usePublicTexts();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>(initialStatus(actionData));
  const [errors, setErrors] = useState<ContactFieldErrors>(actionData?.status === "invalid" ? actionData.errors : {});
  const timers = useRef<number[]>([]);
  /** When the answer may show: a second after sending; zero while nothing is being sent. */
  const sendDeadline = useRef(0);
  const values = actionData && actionData.status !== "sent" ? actionData.values : {};

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  // The fetcher's answer, shown once at least SEND_DELAY_MS has passed since sending.
  // (Once answered, the page's data reloads; the answer need not wait for that.)
  const answer = fetcher.state === "submitting" ? undefined : fetcher.data;
  useEffect(() => {
    if (!answer || sendDeadline.current === 0) return;
    const wait = Math.max(0, sendDeadline.current - Date.now());
    sendDeadline.current = 0;
    const show = () => {
      if (answer.status === "sent") {
        formRef.current?.reset();
        setStatus("sent");
        timers.current.push(window.setTimeout(() => setStatus("idle"), SUCCESS_VISIBLE_MS));
      } else {
        setErrors(answer.status === "invalid" ? answer.errors : {});
        setStatus(answer.status === "failed" ? "failed" : "idle");
      }
    };
    timers.current.push(window.setTimeout(show, wait));
  }, [answer]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const blank = (name: Field) => String(data.get(name) ?? "").trim() === "";
    const fieldErrors: ContactFieldErrors = {
      ...(blank("name") ? { name: texts?.contactErrors.name ?? CONTACT_NAME_REQUIRED } : {}),
      ...(blank("message") ? { message: texts?.contactErrors.message ?? CONTACT_MESSAGE_REQUIRED } : {}),
    };
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    // A previous message's hide timer must not hide this one's answer.
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current = [];
    setStatus("sending");
    sendDeadline.current = Date.now() + SEND_DELAY_MS;
    fetcher.submit(data, { method: "post" });
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
    <form ref={formRef} method="post" onSubmit={onSubmit} className="relative grid gap-5 sm:grid-cols-2">
      <FillTimeStamp />
      <input type="hidden" name="language" value="en" />
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {field(
        "name",
        content.form_name_label,
        <input {...attributes("name")} autoComplete="name" maxLength={CONTACT_NAME_MAX_LENGTH} className={`h-11 ${inputClass}`} />,
      )}
      {field(
        "email",
        content.form_email_label,
        <input
          {...attributes("email")}
          type="email"
          autoComplete="email"
          maxLength={CONTACT_EMAIL_MAX_LENGTH}
          className={`h-11 ${inputClass}`}
        />,
      )}
      {field(
        "subject",
        content.form_subject_label,
        <select {...attributes("subject")} className={`h-11 ${inputClass}`}>
          <option value="" disabled>
            {content.form_subject_placeholder}
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {texts?.subjects[subject] ?? subject}
            </option>
          ))}
        </select>,
      )}
      {field(
        "message",
        content.form_message_label,
        <textarea {...attributes("message")} rows={5} maxLength={CONTACT_MESSAGE_MAX_LENGTH} className={`py-2.5 ${inputClass}`} />,
      )}
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
              {texts?.contactSent ?? CONTACT_SUCCESS_MESSAGE}
            </p>
          ) : status === "failed" ? (
            <p className="rounded-xl bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
              {texts?.contactFailed ?? CONTACT_ERROR_MESSAGE}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}

const stampImage = (
  <img src="/contact/stamp" alt="" width={1} height={1} className="pointer-events-none absolute top-0 left-0 size-px opacity-0" />
);

/**
 * Starts the fill-time clock (routes/contact-stamp.ts, decision 0009): an image, so it works
 * without JavaScript (inside <noscript>). With JavaScript it is added once the page is running,
 * so that it never competes with what the first paint needs.
 */
function FillTimeStamp() {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running ? stampImage : <noscript>{stampImage}</noscript>;
}
