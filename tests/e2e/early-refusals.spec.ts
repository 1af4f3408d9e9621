import fs from "node:fs";
import { adminStorageState } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { RawConnection, type RawAnswer } from "./support/raw-http";

/**
 * Answers sent before the body was read (415, 413, a refused upload or form) on a keep-alive
 * connection: the next request on the same connection is answered (the rest of the body was
 * discarded), or the answer said `Connection: close` and the server closed it. Either way the
 * status line's text is the status's own.
 */
const MB = Buffer.alloc(1_000_000, "a");
const adminCookie = () =>
  (JSON.parse(fs.readFileSync(adminStorageState, "utf8")) as { cookies: { name: string; value: string }[] }).cookies
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");

function expectOwnStatusText(answer: RawAnswer, status: number, text: string) {
  expect(answer.statusLine).toBe(`HTTP/1.1 ${status} ${text}`);
  expect(answer.body).not.toContain("Internal Server Error");
}

test.describe("[SECURITY][HTTP] early refusals leave the connection usable", () => {
  test("a refused body is discarded and the next request on the same connection is answered", async ({ baseURL }) => {
    const origin = baseURL!;
    const cookie = adminCookie();
    const refusals: { label: string; path: string; headers: Record<string, string>; status: number; text: string }[] = [
      // Not a form: refused by readForm before a byte is read, in the dashboard's data request and the document's.
      {
        label: "json to a form",
        path: "/admin/menu.data",
        headers: { "content-type": "application/json", cookie, origin },
        status: 415,
        text: "Unsupported Media Type",
      },
      {
        label: "json to a form (document)",
        path: "/admin/menu",
        headers: { "content-type": "application/json", cookie, origin },
        status: 415,
        text: "Unsupported Media Type",
      },
      // Uploads refused before the image is read: no session, a key that takes no image.
      {
        label: "upload, signed out",
        path: "/admin/upload?section=header_logo_url&page=global",
        headers: { "content-type": "image/png", origin },
        status: 401,
        text: "Unauthorized",
      },
      {
        label: "upload, no image slot",
        path: "/admin/upload?section=company_name&page=global",
        headers: { "content-type": "image/png", cookie, origin },
        status: 400,
        text: "Bad Request",
      },
      // A form from someone signed out, refused before it is read.
      {
        label: "form, signed out",
        path: "/admin/menu",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        status: 401,
        text: "Unauthorized",
      },
    ];
    const connection = await RawConnection.open(origin);
    try {
      for (const refusal of refusals) {
        connection.send("POST", refusal.path, { ...refusal.headers, "content-length": MB.length, connection: "keep-alive" }, MB);
        const refused = await connection.read();
        expect(refused.status, refusal.label).toBe(refusal.status);
        expectOwnStatusText(refused, refusal.status, refusal.text);
        expect(refused.headers.connection, refusal.label).not.toBe("close");
        connection.send("GET", "/healthz", { connection: "keep-alive" });
        const next = await connection.read();
        expect(next.status, `the request after: ${refusal.label}`).toBe(200);
        expect(next.body).toContain('"ok"');
      }
    } finally {
      connection.close();
    }
  });

  test("a body too long to discard is answered with Connection: close, and a new connection works", async ({ baseURL }) => {
    const origin = baseURL!;
    for (const [path, type] of [
      ["/admin/menu", "application/x-www-form-urlencoded"],
      ["/admin/upload?section=header_logo_url&page=global", "image/png"],
    ] as const) {
      const connection = await RawConnection.open(origin);
      try {
        // Declared past the limit (16 MB for forms, 50 MB for uploads); only the first megabyte is sent.
        connection.send("POST", path, { "content-type": type, "content-length": 60 * 1024 * 1024, cookie: adminCookie(), origin }, MB);
        const refused = await connection.read();
        expect(refused.status, path).toBe(413);
        expectOwnStatusText(refused, 413, "Payload Too Large");
        expect(refused.headers.connection, path).toBe("close");
        expect(await connection.closedByServer(), path).toBe(true);
      } finally {
        connection.close();
      }
      const fresh = await RawConnection.open(origin);
      fresh.send("GET", "/healthz", {});
      expect((await fresh.read()).status).toBe(200);
      fresh.close();
    }
  });
});
