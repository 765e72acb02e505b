/**
 * The stored requests as the tests and the owner's view read them: each request's record with
 * its reference, answer and key beside it, and its booking where it has one.
 */
import { withDatabase } from "./database-access";

export type StoredRecord = Record<string, unknown> & {
  reference: string;
  receivedAt: string;
  answer: { status: number; body: Record<string, unknown> };
  idempotencyKey: string | null;
  fingerprint: string | null;
};

/** Every stored request of one kind, oldest first. */
export function readStored(kind: string, env: NodeJS.ProcessEnv = process.env): Promise<StoredRecord[]> {
  return withDatabase(async (db) => {
    const rows = await db.query<{
      reference: string;
      received_at: string;
      record: Record<string, unknown>;
      answer: StoredRecord["answer"];
      idempotency_key: string | null;
      fingerprint: string | null;
    }>(
      "SELECT reference, received_at, record, answer, idempotency_key, fingerprint FROM requests WHERE kind = $1 ORDER BY received_at, reference",
      [kind],
    );
    return rows.map((row) => ({
      ...row.record,
      reference: row.reference,
      receivedAt: new Date(row.received_at).toISOString(),
      answer: row.answer,
      idempotencyKey: row.idempotency_key,
      fingerprint: row.fingerprint,
    }));
  }, env);
}
