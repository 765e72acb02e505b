/**
 * The desk's actions on a booking's money: a payment taken on site (cash, check, the card terminal),
 * recorded once per press of "Record payment", and the "pay now" link sent to the client again.
 */
import { z } from "zod";
import { ON_SITE, recordPaymentOnSite, resendPayLink } from "../../../payments/server";
import { bookingReference, deskAction, sessionOf } from "../desk-action";

/** Dollars and cents as people write them: "475", "475.5", "$1,234.50" (commas only between thousands). */
const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,6})(?:\.(\d{1,2}))?$/;
const AMOUNT_MESSAGE = "Write the amount in dollars, such as 475 or 475.50.";
const KEY_MESSAGE = "Send the payment with its key (reload the desk and try again).";

/** An amount typed on the desk, in cents. */
export const typedDollars = z.union([z.string(), z.number()], { error: AMOUNT_MESSAGE }).transform((value, context) => {
  const match = DOLLARS.exec(typeof value === "string" ? value.trim() : String(value));
  const cents = match ? Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : 0;
  if (!match || cents <= 0 || cents > 99_999_999) context.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
  return cents;
});

export const moneyActions = {
  "payment-taken": deskAction({
    method: "POST",
    access: "session",
    input: z
      .object({
        method: z.enum(ON_SITE, { error: "Say how it was paid: cash, check or card-terminal." }),
        amount: typedDollars,
        key: z.string({ error: KEY_MESSAGE }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: KEY_MESSAGE }),
        reference: bookingReference,
      })
      .transform(({ key, amount, ...payment }) => ({ ...payment, amountCents: amount, deskKey: key })),
    run: (call) => recordPaymentOnSite(call.db, call.input, call.now, sessionOf(call).mailbox),
  }),
  "resend-pay": deskAction({
    method: "POST",
    access: "session",
    input: z.object({ reference: bookingReference }),
    run: ({ db, input, now }) => resendPayLink(db, input.reference, now),
  }),
};
