// Four eyes compares people, not accounts (issue 44 item 3): accounts of the team that look like
// one person are reported to administrators in 'Команда'. Two accounts linked to one identity at
// the provider (its `sub`), or whose addresses differ only by a `+tag` or by case.
import { sql } from "drizzle-orm";
import { account, adminUsers, user } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import { SSO_PROVIDER_ID } from "./accounts.server";

/** The address one person's mailbox receives: lower case, without a `+tag` in the local part. */
export function mailboxOf(email: string) {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  return `${lower.slice(0, at).replace(/\+.*$/, "")}${lower.slice(at)}`;
}

/** Groups of team accounts (each with a role) that look like one person; each group's e-mails, sorted. */
export async function samePersonAccounts(db: Database): Promise<string[][]> {
  const result = await db.execute(sql`select ${user.email} as "email",
      (select string_agg(${account.accountId}, ' ' order by ${account.accountId}) from ${account}
        where ${account.userId} = ${user.id} and ${account.providerId} = ${SSO_PROVIDER_ID}) as "subjects"
    from ${user} join ${adminUsers} on ${adminUsers.userId} = ${user.id}`);
  const rows = (result as unknown as { rows: { email: string; subjects: string | null }[] }).rows;
  // Union of accounts that share a mailbox or a provider identity.
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    const up = parent.get(key) ?? key;
    if (up === key) return key;
    const root = find(up);
    parent.set(key, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  for (const row of rows) {
    join(`email:${row.email}`, `mailbox:${mailboxOf(row.email)}`);
    for (const subject of row.subjects?.split(" ") ?? []) join(`email:${row.email}`, `sub:${subject}`);
  }
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const root = find(`email:${row.email}`);
    groups.set(root, [...(groups.get(root) ?? []), row.email]);
  }
  return [...groups.values()].filter((emails) => emails.length > 1).map((emails) => emails.sort());
}
