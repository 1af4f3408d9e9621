import { data } from "react-router";
import { PreviewRefused } from "~/components/site/preview-refused";
import { previewMessages } from "~/features/releases/preview/preview";
import type { Route } from "./+types/preview.ended";

const reasons = ["unknown", "expired", "revoked"] as const;

/** Where a reviewer lands when their link was revoked or expired while they were looking. */
export function loader({ request }: Route.LoaderArgs) {
  const given = new URL(request.url).searchParams.get("reason");
  const reason = reasons.find((known) => known === given) ?? "unknown";
  return data({ reason }, { status: 410, headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

export const meta: Route.MetaFunction = () => [{ title: previewMessages.refusedTitle }, { name: "robots", content: "noindex" }];

export default function PreviewEnded({ loaderData }: Route.ComponentProps) {
  return <PreviewRefused reason={loaderData.reason} />;
}
