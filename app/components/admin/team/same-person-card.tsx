import { TriangleAlert } from "lucide-react";
import { useMessages } from "~/components/admin/i18n/messages-context";

/** Administrators are warned of team accounts that look like one person (four eyes compares people). */
export function SamePersonCard({ groups }: { groups: string[][] }) {
  const { m, language } = useMessages();
  if (groups.length === 0) return null;
  const list = new Intl.ListFormat(language, { type: "conjunction" });
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden="true" className="size-4" />
        {m.sso.sameIdentityTitle}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {groups.map((emails) => (
          <li key={emails.join(" ")}>{m.sso.sameIdentity({ emails: list.format(emails) })}</li>
        ))}
      </ul>
    </div>
  );
}
