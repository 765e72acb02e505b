/** What the desk's attention view reads (GET /api/desk/attention, src/features/desk/server/attention.ts). */

/** A booking to open on the board: its reference (clients quote it) and its day in Maryland. */
export interface BookingToOpen {
  reference: string;
  day: string;
}

export interface DeskAttention {
  /** From when e-mails and data requests are shown, in words: "since Monday, October 27, 2026". */
  since: string;
  /** E-mails refused for good or given up on, newest first. */
  failedMails: Array<{ to: string; subject: string; sent: string; why: string; booking: BookingToOpen | null }>;
  /** Live bookings still to come whose client has not signed the agreement, soonest first. */
  unsigned: Array<
    BookingToOpen & { when: string; standing: string; client: string; inspector: number; clientEmail: string }
  >;
  /**
   * Money given back without a cancellation (a payment for a visit not going ahead, or past what
   * was owed), and any refund Stripe refused, newest first.
   */
  refunds: Array<{
    booking: BookingToOpen | null;
    reference: string;
    amount: string;
    why: string;
    owed: string;
    /** "sent on …", "being sent", or Stripe's refusal, for the owner to settle in Stripe's dashboard. */
    standing: string;
    stuck: boolean;
  }>;
  /** People's requests about their data, newest first. */
  dataRequests: Array<{ asked: string; when: string; answer: string; answered: boolean }>;
}
