/**
 * `npm run db:import <folder>`: moves an outbox folder of the earlier file store (one server's
 * `.data/outbox`) into the database, once: every stored request with its answer and key, each
 * e-mail with its delivery state, and each booking with its time. A request already in the
 * database is left as it is, so running it twice imports nothing twice. Run it with the server
 * stopped, or while it runs (it goes through the server's database then).
 */
import "../../src/serve/webpack-imports";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { heldRange } from "../../src/lib/booking/open-times";
import { holderOf, jobOf, lengthOf } from "../../src/lib/server/booking/booking";
import { mailboxOf } from "../../src/lib/server/mail/mailbox-address";
import type { ScheduleRequest } from "../../src/lib/request-schemas";
import { withDatabase } from "../../src/serve/database-access";

const KINDS = ["schedule-requests", "contact-messages", "booking-changes"];
const MESSAGES = ["business", "confirmation", "agentConfirmation"] as const;

/** The complete JSON lines of a file and its archived parts; a line torn by a crash is skipped. */
function lines<T>(dir: string, name: string): T[] {
  const archive = path.join(dir, "archive");
  const files = [
    ...(existsSync(archive)
      ? readdirSync(archive)
          .filter((file) => file.startsWith(`${name}-`) && file.endsWith(".jsonl"))
          .sort()
          .map((file) => path.join(archive, file))
      : []),
    path.join(dir, `${name}.jsonl`),
  ];
  return files
    .filter((file) => existsSync(file))
    .flatMap((file) => readFileSync(file, "utf8").split("\n"))
    .flatMap((line) => {
      try {
        return line ? [JSON.parse(line) as T] : [];
      } catch {
        return [];
      }
    });
}

interface OldRecord {
  reference: string;
  receivedAt: string;
  idempotencyKey?: string;
  fingerprint?: string;
  answer?: { status: number; body: object };
  mail?: {
    from: string;
    business: { to: string };
    confirmation?: { to: string } | null;
    agentConfirmation?: { to: string } | null;
  } | null;
  request?: ScheduleRequest;
  [field: string]: unknown;
}
interface OldEvent {
  reference: string;
  message: string;
  event: "claimed" | "sent" | "failed";
  at: string;
  permanent?: boolean;
  error?: string;
}
interface OldBooking {
  reference: string;
  start: string;
  inspector: number;
  status: "booked" | "cancelled";
  moves: number;
  updatedAt: string;
  ownerEvent: object;
  job: ScheduleRequest;
}

async function main() {
  const dir = process.argv[2];
  if (!dir || !existsSync(dir)) throw new Error("Name the outbox folder to import: npm run db:import .data/outbox");
  const events = lines<OldEvent>(dir, "deliveries");
  const bookingsDir = path.join(dir, "bookings");
  const bookings = existsSync(bookingsDir)
    ? readdirSync(bookingsDir)
        .filter((file) => file.endsWith(".json"))
        .map((file) => JSON.parse(readFileSync(path.join(bookingsDir, file), "utf8")) as OldBooking)
    : [];
  const counts = { requests: 0, deliveries: 0, bookings: 0, skipped: 0 };
  await withDatabase(async (db) => {
    for (const kind of KINDS) {
      const seen = new Set<string>();
      for (const record of lines<OldRecord>(dir, kind)) {
        if (seen.has(record.reference)) continue;
        seen.add(record.reference);
        const { idempotencyKey, fingerprint, answer, mail, ...rest } = record;
        const inserted = await db.query(
          `INSERT INTO requests (reference, kind, idempotency_key, fingerprint, received_at, record, answer)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING reference`,
          [
            record.reference,
            kind,
            idempotencyKey ?? null,
            fingerprint ?? null,
            record.receivedAt,
            JSON.stringify(rest),
            JSON.stringify(answer ?? { status: 201, body: {} }),
          ],
        );
        if (!inserted.length) {
          counts.skipped += 1;
          continue;
        }
        counts.requests += 1;
        for (const [position, message] of MESSAGES.entries()) {
          const outgoing = mail?.[message];
          if (!mail || !outgoing) continue;
          const mine = events.filter((event) => event.reference === record.reference && event.message === message);
          const sent = mine.find((event) => event.event === "sent");
          const failures = mine.filter((event) => event.event === "failed");
          const refusals = failures.filter((event) => event.permanent).length;
          await db.query(
            `INSERT INTO deliveries (reference, message, mailbox, mail, transport, state, attempts, refusals, last_error, due_at, sent_at, created_at, position)
             VALUES ($1, $2, $3, $4, 'smtp', $5, $6, $7, $8, $9, $10, $9, $11)`,
            [
              record.reference,
              message,
              mailboxOf(outgoing.to),
              JSON.stringify({ from: mail.from, ...outgoing }),
              sent ? "sent" : refusals >= 3 ? "failed" : "pending",
              failures.length,
              refusals,
              failures.at(-1)?.error ?? null,
              record.receivedAt,
              sent?.at ?? null,
              position,
            ],
          );
          counts.deliveries += 1;
        }
        const booking = bookings.find((candidate) => candidate.reference === record.reference);
        if (booking && record.request) {
          const length = lengthOf(jobOf(booking.job));
          const range = heldRange(Date.parse(booking.start), length);
          const holder = holderOf(record.request);
          // Bookings of the file store were confirmed when made; they keep their inspector and time.
          await db.query(
            `INSERT INTO bookings (reference, inspector, start_at, on_site_minutes, during, status, confirm_within_minutes,
               mailbox, phone, property, job, owner_event, moves, sequence, created_at, updated_at)
             VALUES ($1, $2, $3, $4, tstzrange($5, $6), $7, 60, $8, $9, $10, $11, $12, $13, $13, $14, $15)`,
            [
              booking.reference,
              booking.inspector,
              booking.start,
              length.onSiteMinutes,
              new Date(range.from).toISOString(),
              new Date(range.to).toISOString(),
              booking.status,
              holder.mailbox,
              holder.phone,
              holder.property,
              JSON.stringify(booking.job),
              JSON.stringify(booking.ownerEvent),
              booking.moves,
              record.receivedAt,
              booking.updatedAt,
            ],
          );
          counts.bookings += 1;
        }
      }
    }
  });
  console.log(
    `Imported ${counts.requests} requests, ${counts.deliveries} e-mails and ${counts.bookings} bookings` +
      (counts.skipped ? `; ${counts.skipped} were already in the database.` : "."),
  );
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
