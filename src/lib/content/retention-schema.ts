import { z } from "zod";

/** A whole number of years a record is kept, counted as the field's description says. */
const keptYears = (description: string) =>
  z.number().int("must be a whole number of years").min(1).max(10).meta({ description });

/**
 * How long each kind of record is kept (privacy.yaml): the notice at /privacy states them and a
 * daily pass deletes what is due (src/features/privacy/server/retention.ts).
 */
export const privacySchema = z.strictObject({
  contactMessagesYears: keptYears("Years a contact message is kept, from when it arrived"),
  requestsNotBookedYears: keptYears(
    "Years a schedule request that never became a visit (a call-back request, a booking never confirmed or cancelled) is kept, from when it arrived",
  ),
  bookingsYears: keptYears("Years a booked inspection and its e-mails are kept, from the day of the visit"),
  signedAgreementsYears: z
    .number()
    .int("must be a whole number of years")
    .min(5, "must be at least 5: Maryland law keeps contracts and reports for 5 years (BOP §16-4A-05)")
    .max(10)
    .meta({ description: "Years a signed inspection agreement is kept, from its delivery; at least 5 by law" }),
  dataRequestsYears: keptYears("Years a request to see or delete one's data is kept, from when it arrived"),
});
