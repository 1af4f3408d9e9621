/** An administrator as every write names them: their account id and the e-mail it had then. */
export interface Person {
  id: string;
  email: string;
}

/** Who made a write: a person, or null for writes the server makes itself (a scheduled publish, a migration). */
export type Actor = Person | null;
