import { z } from "zod";

/** The first member of every archive. */
export const MANIFEST_NAME = "manifest.json";
export const ARCHIVE_FORMAT = "valora-site-backup";
export const ARCHIVE_FORMAT_VERSION = 1;

/** Said in every manifest, so whoever holds an archive knows to keep it as private as the site's database. */
export const ARCHIVE_CONTAINS =
  "Every table of the site's database, including user accounts with their password hashes and open sessions, " +
  "and every uploaded file with its derived copies. It does not contain the auth secret (AUTH_SECRET or DATA_DIR/auth-secret): " +
  "after a restore on another server everyone signs in again. Keep this archive as private as the database itself.";

const memberPath = z.string().min(1).max(255);

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  productVersion: z.string(),
  createdAt: z.string(),
  contains: z.string(),
  database: z.object({
    /** The database the archive was taken from: "pglite" (embedded) or "postgres". */
    source: z.enum(["pglite", "postgres"]),
    /** The schema state: every applied migration, oldest first, as drizzle records them. */
    migrations: z.array(z.object({ hash: z.string(), createdAt: z.number() })).min(1),
    lastMigration: z.string(),
    /** Tables of the public schema, parents before the tables that refer to them. */
    tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), rows: z.number().int().min(0), member: memberPath })),
    sequences: z.array(
      z.object({
        name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
        lastValue: z
          .string()
          .regex(/^-?\d+$/)
          .nullable(),
      }),
    ),
  }),
  /** Uploaded files; `storage` says where they were taken from (DATA_DIR or an S3 bucket). */
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0), storage: z.enum(["local", "s3"]).optional() }),
  members: z.array(z.object({ path: memberPath, size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestMember = Manifest["members"][number];
