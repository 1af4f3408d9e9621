import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("configuration", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env).toMatchObject({ CONTACT_KEEP_DAYS: 365, CONTACT_RATE_LIMIT: 5 });
    expect(env.CONTACT_NOTIFY_TO).toBeUndefined();
    expect(env).toMatchObject({ HISTORY_KEEP: 50, HISTORY_DAYS: 90 });
    expect(parseEnv({ HISTORY_KEEP: "10", HISTORY_DAYS: "0" })).toMatchObject({ HISTORY_KEEP: 10, HISTORY_DAYS: 0 });
  });

  it("reads every variable", () => {
    const env = parseEnv({
      PORT: "4000",
      DATA_DIR: "/srv/site",
      DATABASE_URL: "postgres://user@db:5432/site",
      AUTH_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://www.example.com/some/path",
      SMTP_URL: "smtp://mail.example.com:587",
      SMTP_FROM: "site@example.com",
      CONTACT_NOTIFY_TO: "team@example.com",
      CONTACT_KEEP_DAYS: "30",
      CONTACT_RATE_LIMIT: "20",
    });
    expect(env).toMatchObject({
      PORT: 4000,
      DATA_DIR: "/srv/site",
      DATABASE_URL: "postgres://user@db:5432/site",
      PUBLIC_URL: "https://www.example.com",
      SMTP_URL: "smtp://mail.example.com:587",
      CONTACT_NOTIFY_TO: "team@example.com",
      CONTACT_KEEP_DAYS: 30,
      CONTACT_RATE_LIMIT: 20,
    });
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["AUTH_SECRET", { AUTH_SECRET: "short" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://example.com" }],
    ["PUBLIC_URL", { PUBLIC_URL: "not a url" }],
    ["SMTP_URL", { SMTP_URL: "http://mail" }],
    ["CONTACT_NOTIFY_TO", { CONTACT_NOTIFY_TO: "not an address" }],
    ["CONTACT_KEEP_DAYS", { CONTACT_KEEP_DAYS: "0" }],
    ["CONTACT_KEEP_DAYS", { CONTACT_KEEP_DAYS: "a year" }],
    ["CONTACT_RATE_LIMIT", { CONTACT_RATE_LIMIT: "-1" }],
    ["CONTACT_MIN_FILL_MS", { CONTACT_MIN_FILL_MS: "three seconds" }],
    ["CONTACT_MIN_FILL_MS", { CONTACT_MIN_FILL_MS: "-1" }],
    ["HISTORY_KEEP", { HISTORY_KEEP: "0" }],
    ["HISTORY_KEEP", { HISTORY_KEEP: "many" }],
    ["HISTORY_DAYS", { HISTORY_DAYS: "-1" }],
    ["BACKUP_EVERY", { BACKUP_EVERY: "daily" }],
    ["BACKUP_EVERY", { BACKUP_EVERY: "30s" }],
    ["BACKUP_KEEP", { BACKUP_KEEP: "0" }],
    ["METRICS_TOKEN", { METRICS_TOKEN: "short" }],
  ])("names %s when its value is bad", (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it("reads the contact form's minimum fill time, three seconds unless set", () => {
    expect(parseEnv({}).CONTACT_MIN_FILL_MS).toBe(3_000);
    expect(parseEnv({ CONTACT_MIN_FILL_MS: "50" }).CONTACT_MIN_FILL_MS).toBe(50);
    expect(() => parseEnv({ CONTACT_MIN_FILL_MS: "1.5" })).toThrow(
      "Invalid configuration: CONTACT_MIN_FILL_MS must be a whole number of milliseconds",
    );
  });

  it("reads the backup schedule: a folder, an interval and how many archives to keep", () => {
    expect(parseEnv({ DATA_DIR: "/srv/site" })).toMatchObject({ BACKUP_DIR: "/srv/site/backups", BACKUP_KEEP: 7 });
    expect(parseEnv({}).BACKUP_EVERY).toBeUndefined();
    expect(parseEnv({ BACKUP_DIR: "/backups", BACKUP_EVERY: "24h", BACKUP_KEEP: "3" })).toMatchObject({
      BACKUP_DIR: "/backups",
      BACKUP_EVERY: 86_400_000,
      BACKUP_KEEP: 3,
    });
    expect(parseEnv({ BACKUP_EVERY: "30m" }).BACKUP_EVERY).toBe(1_800_000);
  });

  it("reads the S3 settings of uploads in object storage; without S3_BUCKET uploads stay on the disk", () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    expect(
      parseEnv({
        S3_BUCKET: "site-uploads",
        S3_ENDPOINT: "https://s3.example.com",
        S3_REGION: "auto",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_URL: "https://cdn.example.com/site/",
      }),
    ).toMatchObject({
      S3_BUCKET: "site-uploads",
      S3_REGION: "auto",
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: "https://cdn.example.com/site",
    });
    // AWS itself: no endpoint, and credentials from the instance's role.
    const aws = parseEnv({ S3_BUCKET: "site-uploads", S3_REGION: "eu-west-1" });
    expect([aws.S3_BUCKET, aws.S3_ENDPOINT, aws.S3_ACCESS_KEY_ID]).toEqual(["site-uploads", undefined, undefined]);
  });

  it.each([
    ["S3_BUCKET", { S3_ENDPOINT: "http://127.0.0.1:9000" }, /S3_BUCKET must be set when S3_ENDPOINT is set/],
    ["S3_BUCKET", { S3_PUBLIC_URL: "https://cdn.example.com" }, /S3_BUCKET must be set when S3_PUBLIC_URL is set/],
    ["S3_BUCKET", { S3_BUCKET: "Bad_Bucket" }, /S3_BUCKET must be a bucket name/],
    ["S3_REGION", { S3_BUCKET: "site-uploads" }, /S3_REGION must be set when S3_BUCKET is set/],
    [
      "S3_SECRET_ACCESS_KEY",
      { S3_BUCKET: "site-uploads", S3_REGION: "auto", S3_ACCESS_KEY_ID: "key" },
      /S3_SECRET_ACCESS_KEY must be set when S3_ACCESS_KEY_ID is set/,
    ],
    ["S3_ACCESS_KEY_ID", { S3_BUCKET: "site-uploads", S3_REGION: "auto", S3_SECRET_ACCESS_KEY: "secret" }, /S3_ACCESS_KEY_ID must be set/],
    ["S3_ENDPOINT", { S3_BUCKET: "site-uploads", S3_REGION: "auto", S3_ENDPOINT: "minio:9000" }, /S3_ENDPOINT must be an http\(s\) URL/],
    [
      "S3_FORCE_PATH_STYLE",
      { S3_BUCKET: "site-uploads", S3_REGION: "auto", S3_FORCE_PATH_STYLE: "yes" },
      /S3_FORCE_PATH_STYLE must be true or false/,
    ],
    [
      "S3_PUBLIC_URL",
      { S3_BUCKET: "site-uploads", S3_REGION: "auto", S3_PUBLIC_URL: "cdn.example.com" },
      /S3_PUBLIC_URL must be an http\(s\) URL/,
    ],
  ])("stops a partial or bad S3 configuration naming %s, on one line", (_name, source, message) => {
    const error = (() => {
      try {
        parseEnv(source);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toMatch(new RegExp(`^Invalid configuration: ${message.source}`));
    expect(error?.message).not.toContain("\n");
  });

  it("asks for PUBLIC_URL when SMTP_URL is set", () => {
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.com" })).toThrow(/^Invalid configuration: PUBLIC_URL must be set/);
  });

  it("reads which proxies may name the client", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8, 192.0.2.1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.1",
    ]);
    for (const bad of ["0", "11", "true", "10.0.0.0/33", "example.com", "10.0.0.1/8/1"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid configuration: TRUST_PROXY must be a number of proxies/);
    }
  });

  it("reads which requests leave a log line, every one unless told", () => {
    expect(parseEnv({}).LOG_REQUESTS).toBe("all");
    expect(parseEnv({ LOG_REQUESTS: "errors" }).LOG_REQUESTS).toBe("errors");
    expect(parseEnv({ LOG_REQUESTS: "off" }).LOG_REQUESTS).toBe("off");
    expect(() => parseEnv({ LOG_REQUESTS: "some" })).toThrow("Invalid configuration: LOG_REQUESTS must be all, errors or off");
  });

  it("reads the share of a busy server administrators may take, 15 % unless told", () => {
    expect(parseEnv({}).ADMIN_SHARE).toBe(15);
    expect(parseEnv({ ADMIN_SHARE: "100" }).ADMIN_SHARE).toBe(100);
    expect(() => parseEnv({ ADMIN_SHARE: "0" })).toThrow("Invalid configuration: ADMIN_SHARE must be at least 5 (per cent)");
    expect(() => parseEnv({ ADMIN_SHARE: "150" })).toThrow(/ADMIN_SHARE must be at most 100/);
    expect(() => parseEnv({ ADMIN_SHARE: "12.5" })).toThrow(/ADMIN_SHARE must be a whole percentage/);
    expect(() => parseEnv({ ADMIN_SHARE: "half" })).toThrow(/ADMIN_SHARE must be a whole percentage/);
  });

  it("reads single sign-on's settings, and refuses an incomplete or unsafe one by name", () => {
    const sso = { OIDC_ISSUER: "https://login.example.com/tenant", OIDC_CLIENT_ID: "site", OIDC_CLIENT_SECRET: "secret" };
    expect(parseEnv({}).OIDC_ISSUER).toBeUndefined();
    expect(parseEnv({}).OIDC_LOCAL_PASSWORDS).toBe("on");
    const env = parseEnv({
      ...sso,
      OIDC_ALLOWED_DOMAINS: "Example.com, @corp.example",
      OIDC_ROLE_CLAIM: "groups",
      OIDC_ROLE_MAP: "site-admins=administrator, agency=translator",
      OIDC_LOCAL_PASSWORDS: "off",
      OIDC_BREAK_GLASS: "Root@Example.com",
    });
    expect(env).toMatchObject({
      OIDC_ALLOWED_DOMAINS: ["example.com", "corp.example"],
      OIDC_ROLE_MAP: { "site-admins": "administrator", agency: "translator" },
      OIDC_BREAK_GLASS: ["root@example.com"],
    });
    expect(parseEnv({ ...sso, OIDC_ISSUER: "http://127.0.0.1:4000" }).OIDC_ISSUER).toBe("http://127.0.0.1:4000");
    expect(() => parseEnv({ ...sso, OIDC_ISSUER: "http://login.example.com" })).toThrow(/OIDC_ISSUER must be an https:\/\/ URL/);
    expect(() => parseEnv({ OIDC_ISSUER: sso.OIDC_ISSUER })).toThrow(/OIDC_CLIENT_ID must be set when single sign-on is configured/);
    expect(() => parseEnv({ OIDC_LOCAL_PASSWORDS: "off" })).toThrow(/OIDC_ISSUER must be set/);
    expect(() => parseEnv({ ...sso, OIDC_ROLE_MAP: "admins=owner" })).toThrow(/OIDC_ROLE_MAP must be value=role pairs/);
    expect(() => parseEnv({ ...sso, OIDC_ROLE_MAP: "admins=administrator" })).toThrow(/OIDC_ROLE_CLAIM must be set when OIDC_ROLE_MAP/);
    expect(() => parseEnv({ ...sso, OIDC_ALLOWED_DOMAINS: "not a domain" })).toThrow(
      /OIDC_ALLOWED_DOMAINS must be comma-separated domains/,
    );
    expect(() => parseEnv({ ...sso, OIDC_BREAK_GLASS: "root" })).toThrow(/OIDC_BREAK_GLASS must be comma-separated e-mail/);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PUBLIC_URL: " " }).DATABASE_URL).toBeUndefined();
  });
});
