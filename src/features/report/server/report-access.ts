/**
 * Whether a booking's report may be handed over, and if not, what is missing: the rule of the trade,
 * "no report until the agreement is signed and the fee is paid", unless the owner released it anyway.
 */
import { findAgreement, type SignedAgreement } from "../../signed-agreements/server";
import { filledAgreement } from "../../agreement/server";
import type { Booking } from "../../booking/server";
import type { Queryable } from "../../../lib/server/db/database";
import { paymentStatus, type PaymentStatus } from "../../payment-ledger/server";
import type { StoredReportRow } from "./report-queries";

/** What stands between the client and the report: their signature, their payment. */
export type Missing = "sign" | "pay";

/**
 * Whether nothing is owed on the booking, by its payment status (payment-ledger/payment-status.ts): its
 * balance is nothing, or payment is not asked online and none was recorded (the client pays at the
 * inspection, as the site told them).
 */
export const balanceSettled = (status: PaymentStatus) => status.state === "not-asked" || status.balanceCents === 0;

/** Whether the booking's agreement, as its terms stand, is among these signatures (agreementsOf, for many bookings). */
export function signedAsTermsStand(booking: Booking, signatures: readonly SignedAgreement[]): boolean {
  const { terms } = filledAgreement(booking);
  return signatures.some((each) => each.booking === booking.reference && each.terms === terms);
}

/** Whether the booking's agreement, as its terms stand, is signed. */
export async function agreementSigned(q: Queryable, booking: Booking): Promise<boolean> {
  const filled = filledAgreement(booking);
  return (await findAgreement(q, booking.reference, filled.terms)) !== null;
}

/** What is missing, from what is known of the booking: nothing once signed and settled, or released by the owner. */
export function missingFrom(report: StoredReportRow, signed: boolean, payment: PaymentStatus): Missing[] {
  if (report.released) return [];
  return [...(signed ? [] : (["sign"] as const)), ...(balanceSettled(payment) ? [] : (["pay"] as const))];
}

/** What is missing before one booking's report is handed over, read from the database. */
export async function missingForReport(q: Queryable, booking: Booking, report: StoredReportRow): Promise<Missing[]> {
  if (report.released) return [];
  return missingFrom(report, await agreementSigned(q, booking), await paymentStatus(q, booking.reference));
}
