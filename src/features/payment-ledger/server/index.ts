/**
 * The payment-ledger feature's public entry for its server layer: what other features may import from
 * payment-ledger/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { bookingPayment } from "./booking-payment";
export { bookingOfIntent, claimEvent, insertPayment, paymentsOfBookings } from "./payment-queries";
export type { PaymentMethod } from "./payment-queries";
export {
  askedAtBooking,
  dueCents,
  onlinePaymentAsked,
  paymentStatus,
  paymentStatuses,
  paymentStatusesRead,
} from "./payment-status";
export type { PaymentStatus } from "./payment-status";
export {
  cancellationRefundAt,
  fixAskedAmount,
  markRefundMade,
  noteRefundFailure,
  oweCancellationRefund,
  oweRefund,
  refundLines,
  refundNote,
  refundsForAttention,
  refundsToMake,
} from "./refunds-owed";
export type { CancellationRefund, OwedRefund } from "./refunds-owed";
export { paymentsOn, stripeClient, webhookSecret } from "./stripe-client";
