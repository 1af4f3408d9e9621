import { data } from "react-router";
import { PagesPanel } from "~/components/admin/pages/pages-panel";
import { localizedAdminMeta } from "~/components/admin/shell/localized-meta";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { AdminTabError } from "~/components/admin/shell/admin-tab-error";
import { answerFailuresInPlace } from "~/platform/action-result";
import { readForm } from "~/platform/action-result.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { siteOrigin } from "~/platform/site-url.server";
import { requireMember } from "~/features/auth/permissions.server";
import { editorLocales, loadPagesSection, seoDefaults } from "~/features/pages/editor.server";
import { runPageAction } from "~/features/pages/page-actions.server";
import type { Route } from "./+types/admin.other.pages";

export const meta: Route.MetaFunction = ({ matches }) => localizedAdminMeta(matches, (m) => m.pages.title);

/** The list of landing pages; with `?page=<id>`, that page open in the block editor. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const raw = new URL(request.url).searchParams.get("page");
  const id = raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  // Read first: the site-wide values come through their own cache, outside the read below.
  const defaults = await seoDefaults();
  // `&locale=de`: the page's version in one of the site's other locales (any other value: the page itself).
  const locales = await editorLocales(getDb());
  const requested = new URL(request.url).searchParams.get("locale");
  const locale = locales.find((candidate) => candidate.code === requested && !candidate.isDefault)?.code;
  // With a release open, the list and the editor show the pages as the release would leave them.
  const { section, stagedIds } = await loadPagesSection(getDb(), id, actor.id, locale);
  return data(
    { ...section, locales, seoDefaults: defaults, stagedIds, timeZone: getEnv().SITE_TIME_ZONE, origin: siteOrigin(request) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireMember(request, "content.edit", { defaultLocale: true });
  const form = await readForm(request);
  return runPageAction(getDb(), form, actor);
}

export const clientAction = (args: Route.ClientActionArgs) => answerFailuresInPlace(args);

export default function AdminOtherPages({ loaderData }: Route.ComponentProps) {
  return <PagesPanel {...loaderData} />;
}

export function ErrorBoundary() {
  const { m } = useMessages();
  return <AdminTabError title={m.pages.title} fallback={m.pages.failedToLoad} />;
}
