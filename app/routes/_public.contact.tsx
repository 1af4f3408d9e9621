import { data } from "react-router";
import { ContactPage } from "~/components/site/contact/contact-page";
import type { ContactActionData } from "~/components/site/contact/contact-form";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { getPageContent } from "~/lib/content.server";
import { readForm } from "~/lib/read-form.server";
import { pageMeta } from "~/lib/seo";
import { contactFieldErrors } from "~/schemas/contact";
import type { Route } from "./+types/_public.contact";
import { cachedPublicPage } from "~/lib/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export async function loader() {
  return { content: await getPageContent("contact") };
}

/**
 * Only reached when the form is posted without JavaScript (the page sends nothing when it
 * runs): the message is checked like in the browser and, as there, not stored or sent.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = Object.fromEntries(["name", "email", "subject", "message"].map((name) => [name, form[name] ?? ""]));
  const errors = contactFieldErrors(values);
  if (errors) return data<ContactActionData>({ sent: false, errors, values }, { status: 400 });
  return data<ContactActionData>({ sent: true });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Contact", description: args.loaderData?.content.hero_subtitle });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage content={loaderData.content} settings={useSiteSettings()} actionData={actionData} />;
}
