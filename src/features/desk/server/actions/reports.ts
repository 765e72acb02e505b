/**
 * The desk's actions on a booking's report: the link the browser uploads the PDF to, attaching the
 * upload as the report, releasing it before the agreement is signed or the fee paid, and the owner's
 * own download (a redirect to the store's short-lived link).
 */
import { z } from "zod";
import { attachReport, ownerDownloadLink, releaseReportAnyway, reportUploadLink } from "../../../report/server";
import { bookingReference, deskAction, RESPONDED, sessionOf } from "../desk-action";

const aBooking = z.object({ reference: bookingReference });

export const reportActions = {
  "report-upload-link": deskAction({
    method: "POST",
    access: "session",
    input: aBooking,
    run: ({ db, input, now }) => reportUploadLink(db, input.reference, now),
  }),
  "report-attach": deskAction({
    method: "POST",
    access: "session",
    input: z.object({
      reference: bookingReference,
      key: z.string({ error: "This file is not this booking's upload." }),
    }),
    run: (call) => attachReport(call.db, call.input, call.now, sessionOf(call).mailbox),
  }),
  "report-release": deskAction({
    method: "POST",
    access: "session",
    input: aBooking,
    run: (call) => releaseReportAnyway(call.db, call.input.reference, call.now, sessionOf(call).mailbox),
  }),
  report: deskAction({
    method: "GET",
    access: "session",
    input: aBooking,
    run: async ({ db, input, now, res }) => {
      res.setHeader("Location", await ownerDownloadLink(db, input.reference, now));
      res.status(303).send("");
      return RESPONDED;
    },
  }),
};
