/**
 * Whether a booking's report may be handed over, and if not, what is missing: the rule of the trade,
 * "no report until the agreement is signed and the fee is paid", unless the owner released it anyway.
 */
import { findAgreement } from "../agreement/agreement-queries";
import { filledAgreement } from "../agreement/agreement";
import type { Booking } from "../booking/booking-queries";
import type { Queryable } from "../db/database";
import type { StoredReportRow } from "./report-queries";

/** What stands between the client and the report: their signature, their payment. */
export type Missing = "sign" | "pay";

/**
 * Whether nothing is owed on the booking. It reads the booking's payment status (what was quoted,
 * paid and refunded): settled when its balance is nothing, or when nothing is asked online.
 * Until payments are kept, nothing is ever owed online.
 */
export async function reportBalanceSettled(_q: Queryable, _bookingId: string): Promise<boolean> {
  return true;
}

/** Whether the booking's agreement, as its terms stand, is signed. */
export async function agreementSigned(q: Queryable, booking: Booking): Promise<boolean> {
  const filled = await filledAgreement(q, booking);
  return (await findAgreement(q, booking.reference, filled.terms)) !== null;
}

/** What is missing before the report is handed over: nothing once signed and settled, or released by the owner. */
export async function missingForReport(q: Queryable, booking: Booking, report: StoredReportRow): Promise<Missing[]> {
  if (report.released) return [];
  const missing: Missing[] = [];
  if (!(await agreementSigned(q, booking))) missing.push("sign");
  if (!(await reportBalanceSettled(q, booking.reference))) missing.push("pay");
  return missing;
}
