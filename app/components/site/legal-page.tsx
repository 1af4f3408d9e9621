export function LegalPage({ html }: { html: string }) {
  return (
    <article
      className="prose mx-auto max-w-3xl px-4 py-16"
      // Sanitised on the server against the editor's allowlist (lib/sanitize.server.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
