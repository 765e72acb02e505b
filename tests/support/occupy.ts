/**
 * Makes an inspector busy over a job's time as another visitor's booking would, straight in the
 * running server's database (through database-access.ts): a booking row and its request.
 */
import { withDatabase } from "../../src/serve/database-access";
import type { FunctionServer } from "./function-server";
import { storeBlankRequest } from "./stored-requests";

let made = 0;

export async function occupy(
  server: FunctionServer,
  start: string,
  inspector: number,
  minutes: number,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  made += 1;
  const reference = `SR-20260101-BUSY${String(made).padStart(2, "0")}`;
  const from = new Date(Date.parse(start)).toISOString();
  const to = new Date(Date.parse(start) + minutes * 60_000).toISOString();
  await withDatabase(
    async (db) => {
      await storeBlankRequest(db, reference);
      await db.query(
        `INSERT INTO bookings (reference, inspector, start_at, on_site_minutes, during, status, confirm_within_minutes, mailbox, phone, property,
           job, owner_event, created_at, updated_at)
         VALUES ($1, $2, $3, $4, tstzrange($3, $5), 'booked', 60, $1, $1, $1, '{"mainInspection":"none","addOns":["radon"],"waterPackages":[],"squareFeet":2100,"county":"Anne Arundel"}',
           '{"summary":"busy","description":"","location":""}', now(), now())`,
        [reference, inspector, from, minutes, to],
      );
    },
    { ...process.env, DATA_DIR: server.dataDir, ...env },
  );
  return reference;
}
