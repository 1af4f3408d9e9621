import { registerContentRowKind } from "~/features/content/records.server";
import { FIXED_SEO_PAGE } from "./fixed-page-seo";

/** The fixed pages' SEO fields are page content rows of their own kind (app/record-kinds.server.ts registers it). */
export function registerSeoKinds() {
  registerContentRowKind({ name: "page-seo", area: "content", claims: (page) => page === FIXED_SEO_PAGE });
}
