/**
 * The owner's view of what visitors sent: bookings by day (time, job, inspector, client, agent,
 * where each stands and each e-mail's delivery), then schedule requests and messages, newest
 * last. `npm run requests` prints it; `npm run requests -- --csv` writes the bookings as CSV for a
 * spreadsheet. Works while `npm start` runs (through its database) or when it is stopped.
 */
import "../../src/serve/webpack-imports";
import { bookedTimeText } from "../../src/lib/maryland-time/booked-time";
import { localDate, MARYLAND } from "../../src/lib/maryland-time/local-time";
import { formatDollars } from "../../src/lib/text/format";
import { availability } from "../../src/lib/content/business-data";
import { inspectorName } from "../../src/features/booking/shared/inspectors";
import { bookingsSince, standingOf } from "../../src/features/booking/server/booking-queries";
import { SAME_ADDRESS_CONFIRMED } from "../../src/lib/forms/choices";
import { SAME_ADDRESS_NOTE } from "../../src/features/booking/server/schedule-emails";
import { agreementLine } from "../../src/features/booking/server/booking-invite";
import { signaturesOf } from "../../src/features/booking/server/owner-calendar";
import { deliveryStates, type DeliveryState } from "../../src/lib/server/mail/deliveries";
import { allRequests, type StoredRequest } from "../../src/lib/server/mail/outbox";
import { bookingsCsv, jobText } from "../../src/features/desk/server/bookings-csv";
import { withDatabase } from "../../src/serve/database-access";

interface Client {
  name: string;
  email: string;
  phone: string;
  city?: string;
  agentName?: string;
  agentEmail?: string;
  bookedByAgent?: string;
  sameAddress?: string;
}

/** When a request arrived, in Maryland time as every time the owner reads. */
const receivedText = (receivedAt: string) => `${bookedTimeText(receivedAt)} (Maryland time)`;

function mailLine(states: DeliveryState[]): string {
  if (!states.length) return "no e-mail";
  return states
    .map((state) => {
      const where = state.transport === "local" ? "kept (npm run mail)" : state.sending ? "sending" : state.state;
      const tries =
        state.state === "sent" || state.transport === "local"
          ? ""
          : ` after ${state.attempts} tries${state.lastError ? `: ${state.lastError}` : ""}`;
      return `"${state.subject}" to ${state.to}: ${where}${tries}`;
    })
    .join("; ");
}

async function main() {
  const now = Date.now();
  if (process.argv.includes("--csv")) {
    process.stdout.write(await withDatabase((db) => bookingsCsv(db, now)));
    return;
  }
  const { bookings, requests, deliveries, signed } = await withDatabase(async (db) => {
    const all = await bookingsSince(db, "1970-01-01T00:00:00Z");
    return {
      bookings: all,
      requests: await allRequests(db),
      deliveries: await deliveryStates(db, new Date().toISOString()),
      signed: await signaturesOf(db, all),
    };
  });
  const mailOf = (reference: string) => deliveries.filter((state) => state.reference === reference);
  const byReference = new Map<string, StoredRequest>(requests.map((request) => [request.reference, request]));
  const clientOf = (reference: string) => byReference.get(reference)?.record.request as Client | undefined;

  console.log(`\nBookings (${bookings.length}), by day (Maryland time)`);
  let day = "";
  for (const booking of bookings) {
    // The day in Maryland: a visit at 8 pm there is already the next day in UTC.
    const visitDay = localDate(Date.parse(booking.start), MARYLAND);
    if (visitDay !== day) {
      day = visitDay;
      console.log(`\n  ${day}`);
    }
    const client = clientOf(booking.reference);
    const agent = client?.agentName ? `; agent ${client.agentName} <${client.agentEmail ?? ""}>` : "";
    const status =
      booking.status === "pending" && booking.confirmBy
        ? `held until ${bookedTimeText(booking.confirmBy)} (Maryland time) unless confirmed`
        : standingOf(booking, now);
    const estimate = byReference.get(booking.reference)?.record.quote as { total?: number } | undefined;
    console.log(
      `    ${bookedTimeText(booking.start)}, ${booking.onSiteMinutes} min, ${inspectorName(availability.inspectors, booking.inspector)}: ${booking.reference} ${status}\n` +
        `      ${jobText(booking)}${estimate?.total !== undefined ? ` (estimate ${formatDollars(estimate.total)})` : ""}; ${booking.ownerEvent.location}\n` +
        `      ${client ? `${client.name} <${client.email}> ${client.phone}` : "client unknown"}${agent}\n` +
        (client?.sameAddress === SAME_ADDRESS_CONFIRMED ? `      ${SAME_ADDRESS_NOTE}\n` : "") +
        `      ${agreementLine(signed.get(booking.reference))}\n` +
        `      e-mail: ${mailLine(mailOf(booking.reference))}`,
    );
  }
  for (const kind of ["schedule-requests", "contact-messages", "booking-changes"]) {
    const mine = requests.filter(
      (request) => request.kind === kind && !bookings.some((booking) => booking.reference === request.reference),
    );
    console.log(
      `\n${kind === "schedule-requests" ? "Requests without a booking" : kind === "contact-messages" ? "Messages" : "Changes to bookings"} (${mine.length})`,
    );
    for (const request of mine) {
      const who = (request.record.request ?? request.record.message) as Client | undefined;
      const what =
        kind === "booking-changes"
          ? `${String(request.record.booking)} ${String(request.record.change)}`
          : `${who?.name} <${who?.email}>${who?.city ? `, ${who.city}` : ""}`;
      console.log(
        `  ${request.reference}  ${receivedText(request.receivedAt)}  ${what}\n      e-mail: ${mailLine(mailOf(request.reference))}`,
      );
    }
  } // Asks to see or delete one's data (src/features/privacy/server/data-rights.ts): what was done, for which address.
  const dataRequests = requests.filter((request) => request.kind === "data-requests");
  console.log(`\nRequests about a person's data (${dataRequests.length})`);
  for (const request of dataRequests) {
    console.log(
      `  ${request.reference}  ${receivedText(request.receivedAt)}  ${String(request.record.action)} ${String(request.record.mailbox)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
