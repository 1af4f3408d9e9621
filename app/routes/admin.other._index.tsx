import { Hourglass } from "lucide-react";
import { redirect } from "react-router";
import { otherSectionPath, sectionsFor } from "~/components/admin/other/other-sections";
import { requireMember } from "~/features/auth/permissions.server";
import { useMessages } from "~/components/admin/i18n/messages-context";
import type { Route } from "./+types/admin.other._index";

/** /admin/other opens its first section; with none, the placeholder. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireMember(request, null);
  const first = sectionsFor(me.role, me.locales)[0];
  if (first) throw redirect(otherSectionPath(first));
  return null;
}

/** With no section, the "other" tab is a placeholder for settings still to come. */
export default function AdminOtherIndex() {
  const { m } = useMessages();
  return (
    <section aria-labelledby="other-heading" className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Hourglass aria-hidden="true" className="size-6" />
      </span>
      <h2 id="other-heading" className="mt-4 text-xl font-semibold">
        {m.other.placeholderTitle}
      </h2>
      <p className="mt-2 text-slate-600">{m.other.placeholder}</p>
    </section>
  );
}
