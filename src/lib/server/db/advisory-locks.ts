/** Advisory locks: the order between transactions that no row or constraint can give. */
import type { Queryable } from "./queryable";

/**
 * Makes every other transaction with the same keys wait until this one ends, on any server:
 * the Idempotency-Key of a request, the mailbox, phone and address whose limits it counts, an
 * inspector's day. Taken in one statement and one order (the keys sorted here, locked in that
 * order by the ordered subquery), so two transactions never wait for each other.
 */
export async function lockKeys(tx: Queryable, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (!sorted.length) return;
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtextextended(key, 0))
     FROM (SELECT key FROM unnest($1::text[]) WITH ORDINALITY AS keys (key, n) ORDER BY n) AS ordered`,
    [sorted],
  );
}
