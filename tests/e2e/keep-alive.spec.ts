import { expect, test } from "./support/fixtures";
import { RawConnection } from "./support/raw-http";

test.describe("[SERVER] idle connections", () => {
  test("an idle connection is kept past Node's 5 seconds, and the answer says for how long (65 s, past a proxy's 60)", async ({
    baseURL,
  }) => {
    test.setTimeout(30_000);
    const connection = await RawConnection.open(baseURL!);
    try {
      connection.send("GET", "/healthz", { connection: "keep-alive" });
      const first = await connection.read();
      expect(first.status).toBe(200);
      expect(first.headers["keep-alive"]).toBe("timeout=65");
      // Idle past Node's default keep-alive timeout (5 s): the connection still answers.
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(connection.closed).toBe(false);
      connection.send("GET", "/", { connection: "keep-alive" });
      const second = await connection.read();
      expect(second.status).toBe(200);
      expect(second.headers["keep-alive"]).toBe("timeout=65");
    } finally {
      connection.close();
    }
  });
});
