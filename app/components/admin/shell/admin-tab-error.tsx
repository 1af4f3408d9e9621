import { isRouteErrorResponse, useRouteError } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

/**
 * What a dashboard tab shows when its loader or a write failed outright: the tab's title and
 * the server's reason (in the administrator's language), inside the dashboard so the other tabs stay reachable.
 */
export function AdminTabError({ title, fallback }: { title: string; fallback: string }) {
  const { language } = useMessages();
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? ((error.data as { message?: string } | undefined)?.message ?? error.statusText) : fallback;
  return (
    <section className="rounded-xl border border-red-200 bg-white p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p role="alert" className="mt-2 text-red-700">
        {inLanguage(language, message) || fallback}
      </p>
    </section>
  );
}
