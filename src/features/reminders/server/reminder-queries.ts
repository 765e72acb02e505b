/** The reminders sent before visits (the table `reminders`): one row per booking, kind and start. */
import type { Queryable } from "../../../lib/server/db/database";

export type ReminderKind = "visit" | "unsigned";

/**
 * Records a reminder of a booking at its start; false when one was recorded already, by this
 * process or any other: the caller then sends nothing.
 */
export async function claimReminder(
  tx: Queryable,
  booking: string,
  kind: ReminderKind,
  start: string,
  now: string,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO reminders (booking, kind, start_at, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING booking`,
    [booking, kind, start, now],
  );
  return rows.length === 1;
}
