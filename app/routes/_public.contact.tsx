import { countServerGoal } from "~/features/statistics/service.server";
import { data } from "react-router";
import { ContactPage } from "~/components/site/contact/contact-page";
import type { ContactActionData } from "~/components/site/contact/contact-form";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { receiveContactMessage } from "~/features/contact/receive.server";
import { parseContactMessage } from "~/features/contact/schema";
import { localizeContactErrors } from "~/features/locales/public-texts.server";
import { currentRequestLocale } from "~/platform/request-locale.server";
import { currentPreview } from "~/features/records/preview-context.server";
import { PREVIEW_FORM_NOT_SENT } from "~/features/releases/preview/form-not-sent";
import { readCookie, STAMP_COOKIE } from "~/platform/hmac.server";
import { kickContactOutbox } from "~/features/contact/worker.server";
import { getPageContent } from "~/features/content/read.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { clientIp } from "~/platform/client-address.server";
import { readForm } from "~/platform/read-form.server";
import { fixedPageMeta } from "~/features/seo/fixed-page-meta";
import type { Route } from "./+types/_public.contact";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { content: await getPageContent("contact") };
}

const TYPED_FIELDS = ["name", "email", "subject", "message"] as const;

/**
 * The contact form's post, from the form's fetcher or, without JavaScript, from the form
 * itself (the page then re-renders with the answer). Success is answered only once the
 * message is stored; spam gets the same answer and is dropped; anything else hands back
 * what the visitor typed so nothing is lost.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  // The message's language is its page's locale (the form itself sends `en` from every page).
  const locale = currentRequestLocale();
  if (locale) form.language = locale.code;
  const values = Object.fromEntries(TYPED_FIELDS.map((name) => [name, (form[name] ?? "").slice(0, 10_000)]));
  // A release's preview has no side effect: the fields are checked as on the site, and nothing
  // is stored, mailed or counted; the form says, under the message, that it was not sent (the
  // form's own way of showing the server's sentences: no byte more in the site's JavaScript).
  if (currentPreview()) {
    const parsed = parseContactMessage(form);
    return parsed.success
      ? data<ContactActionData>({ status: "invalid", errors: { message: PREVIEW_FORM_NOT_SENT }, values })
      : data<ContactActionData>({ status: "invalid", errors: localizeContactErrors(parsed.errors), values }, { status: 400 });
  }
  const outcome = await receiveContactMessage(getDb(), {
    form,
    clientAddress: clientIp(request),
    stamp: readCookie(request, STAMP_COOKIE),
    notify: Boolean(getEnv().SMTP_URL),
    limit: getEnv().CONTACT_RATE_LIMIT,
    minFillMs: getEnv().CONTACT_MIN_FILL_MS,
  });
  switch (outcome.kind) {
    case "stored":
      // The notification is mailed from the outbox after this answer, never before it.
      kickContactOutbox();
      // A goal for the visit the message came from (nothing when its visitor declined statistics).
      countServerGoal(request, "contact", "/contact");
      return data<ContactActionData>({ status: "sent" });
    case "spam":
      return data<ContactActionData>({ status: "sent" });
    case "invalid":
      // The schema's messages, in the page's locale.
      return data<ContactActionData>({ status: "invalid", errors: localizeContactErrors(outcome.errors), values }, { status: 400 });
    case "limited":
      return data<ContactActionData>({ status: "failed", values }, { status: 429 });
    case "failed":
      return data<ContactActionData>({ status: "failed", values }, { status: 500 });
  }
}

/** A post that never reached the server (a lost connection) ends in the form's error text, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionData> {
  try {
    return (await serverAction()) as ContactActionData;
  } catch {
    return { status: "failed", values: {} };
  }
}

export const meta: Route.MetaFunction = (args) =>
  fixedPageMeta(args, { title: "Contact", description: args.loaderData?.content.hero_subtitle });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage content={loaderData.content} settings={useSiteSettings()} actionData={actionData} />;
}
