import { describe, expect, it } from "vitest";
import { isConnectionError } from "./database-outage.server";

describe("isConnectionError", () => {
  it("tells a connection's failure, however deeply it is wrapped, from a query's", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isConnectionError(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("duplicate key value"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(new Error("Failed query", { cause: Object.assign(new Error("syntax error"), { code: "42601" }) }))).toBe(
      false,
    );
    expect(isConnectionError(null)).toBe(false);
  });
});
