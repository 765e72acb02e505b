/**
 * The stored requests as the tests and the owner's view read them: each request's record with
 * its reference, answer and key beside it, and its booking where it has one.
 */
import type { Queryable } from "../../src/lib/server/db/database";
import { allRequests, insertRequest } from "../../src/lib/server/mail/outbox";
import { withDatabase } from "../../src/serve/database-access";

export type StoredRecord = Record<string, unknown> & {
  reference: string;
  receivedAt: string;
  answer: { status: number; body: Record<string, unknown> };
  idempotencyKey: string | null;
  fingerprint: string | null;
};

/** Every stored request of one kind, oldest first. */
export function readStored(kind: string, env: NodeJS.ProcessEnv = process.env): Promise<StoredRecord[]> {
  return withDatabase(
    async (db) =>
      (await allRequests(db))
        .filter((request) => request.kind === kind)
        .map(({ record, reference, receivedAt, answer, idempotencyKey, fingerprint }) => ({
          ...record,
          reference,
          receivedAt,
          answer: answer as StoredRecord["answer"],
          idempotencyKey,
          fingerprint,
        })),
    env,
  );
}

/**
 * Stores a schedule request with nothing in it, for a booking the test or benchmark makes
 * without the request path (a booking refers to its request).
 */
export const storeBlankRequest = (db: Queryable, reference: string) =>
  insertRequest(db, {
    kind: "schedule-requests",
    reference,
    receivedAt: new Date().toISOString(),
    record: {},
    answer: { status: 201, body: {} },
    idempotencyKey: null,
    fingerprint: null,
  });
