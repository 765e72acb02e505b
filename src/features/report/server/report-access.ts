/**
 * Whether a booking's report may be handed over, and if not, what is missing: the rule of the trade,
 * "no report until the agreement is signed and the fee is paid", unless the owner released it anyway.
 */
import { findAgreement } from "../../signed-agreements/server/agreement-queries";
import { filledAgreement } from "../../agreement/server/agreement";
import type { Booking } from "../../booking/server/booking-queries";
import type { Queryable } from "../../../lib/server/db/database";
import { paymentStatus } from "../../payment-ledger/server/payment-status";
import type { StoredReportRow } from "./report-queries";

/** What stands between the client and the report: their signature, their payment. */
export type Missing = "sign" | "pay";

/**
 * Whether nothing is owed on the booking, by its payment status (payment-ledger/payment-status.ts): its
 * balance is nothing, or payment is not asked online and none was recorded (the client pays at the
 * inspection, as the site told them).
 */
export async function reportBalanceSettled(q: Queryable, bookingId: string): Promise<boolean> {
  const status = await paymentStatus(q, bookingId);
  return status.state === "not-asked" || status.balanceCents === 0;
}

/** Whether the booking's agreement, as its terms stand, is signed. */
export async function agreementSigned(q: Queryable, booking: Booking): Promise<boolean> {
  const filled = filledAgreement(booking);
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
