import { exitPreview } from "~/features/releases/preview/routes.server";
import type { Route } from "./+types/preview.exit";

/** 'Выйти из предпросмотра': anyone may leave a preview; nothing but the cookie changes. */
export function loader({ request }: Route.LoaderArgs) {
  return exitPreview(request);
}
