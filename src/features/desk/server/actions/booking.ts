/**
 * The desk's actions that change a client's booking: book a caller, confirm, cancel, move, hand over,
 * and send its e-mails again. Each reads its body by its schema and hands over to booking-actions.ts
 * (or the schedule form's store, for a new booking).
 */
import { z } from "zod";
import { availability } from "../../../../lib/content/business-data";
import { instantOf, MARYLAND } from "../../../../lib/maryland-time/local-time";
import { passSoon } from "../../../../lib/server/mail/delivery";
import { idempotencyKey } from "../../../../lib/server/http/idempotency-key";
import { bookCaller } from "../book-caller";
import { cancelForClient, confirmForClient, handToInspector, moveForClient, resendToClient } from "../booking-actions";
import { bookingReference, deskAction, Reply, sessionOf } from "../desk-action";
import { resendSigningLink } from "../resend-signing";

const aBooking = z.object({ reference: bookingReference });

/** A wall time in Maryland ("YYYY-MM-DDTHH:MM", the desk's field) or an RFC 3339 time, as an instant. */
const newTime = z.string({ error: "Choose the new time." }).transform((text, context) => {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(text);
  const at = local ? (instantOf(local[1]!, local[2]!, MARYLAND) ?? NaN) : Date.parse(text);
  if (Number.isNaN(at)) context.addIssue({ code: "custom", message: "Choose the new time." });
  return at;
});

const listedInspector = z.coerce
  .number({ error: "Choose one of the inspectors listed." })
  .refine((number) => availability.inspectors.some((inspector) => inspector.number === number), {
    error: "Choose one of the inspectors listed.",
  });

export const bookingActions = {
  /** The schedule form's fields, checked and priced as a visitor's are (requests/), confirmed as made. */
  book: deskAction({
    method: "POST",
    access: "session",
    input: z.record(z.string(), z.unknown()),
    mail: "itself",
    run: async (call) => {
      const booked = await bookCaller(idempotencyKey(call.req), call.input, call.now, sessionOf(call).mailbox);
      return new Reply(booked.status, booked.body);
    },
  }),
  confirm: deskAction({
    method: "POST",
    access: "session",
    input: aBooking,
    run: ({ db, input, now }) => confirmForClient(db, input.reference, now),
  }),
  cancel: deskAction({
    method: "POST",
    access: "session",
    input: aBooking,
    // The refund a cancel owes, and the end of its open Checkout Session, right after the answer.
    afterAnswer: passSoon,
    run: ({ db, input, now }) => cancelForClient(db, input.reference, now),
  }),
  move: deskAction({
    method: "POST",
    access: "session",
    input: z.object({
      reference: bookingReference,
      start: newTime,
      outsideHours: z
        .unknown()
        .optional()
        .transform((value) => value === true),
    }),
    run: ({ db, input, now }) => moveForClient(db, input, now),
  }),
  hand: deskAction({
    method: "POST",
    access: "session",
    input: z.object({ reference: bookingReference, inspector: listedInspector }),
    run: ({ db, input, now }) => handToInspector(db, input, now),
  }),
  resend: deskAction({
    method: "POST",
    access: "session",
    input: aBooking,
    run: ({ db, input, now }) => resendToClient(db, input.reference, now),
  }),
  "resend-signing": deskAction({
    method: "POST",
    access: "session",
    input: aBooking,
    run: ({ db, input, now }) => resendSigningLink(db, input.reference, now),
  }),
};
