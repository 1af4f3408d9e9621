import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Content-Security-Policy nonce of this request. */
    nonce: string;
    /**
     * Given by the page cache's renderer: the rendered document is put here and the response
     * has no body (see entry.server.tsx).
     */
    document?: { html?: string };
  }
}
