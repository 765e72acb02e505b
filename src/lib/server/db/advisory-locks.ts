/** Advisory locks: the order between transactions that no row or constraint can give. */
import type { Queryable } from "./queryable";

/**
 * Makes every other transaction with the same keys wait until this one ends, on any server:
 * the Idempotency-Key of a request, the mailbox, phone and address whose limits it counts.
 * Taken in one order, so two transactions never wait for each other.
 */
export async function lockKeys(tx: Queryable, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [key]);
  }
}
