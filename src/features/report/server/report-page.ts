/**
 * /api/report: the inspection report, reached only by its own booking's report link (booking-links.ts, purpose
 * "report" or "report-agent"). GET ?token= says where it stands: not uploaded, withheld with what is missing
 * (signature or balance, with where to settle it), or ready with its size; &download=1 records the download and
 * sends the browser to a short-lived store link (report-store.ts), or refuses (403) saying what is missing.
 * A forged token is answered 403, an expired one 410.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/content/business-data";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { checkBookingToken, linkSecret, payLink, signingLink, findBooking } from "../../booking/server";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { readQuery } from "../../../lib/server/http/read-query";
import { throttle } from "../../../lib/server/http/rate-limit";
import { paymentsOn, dueCents, paymentStatus } from "../../payment-ledger/server";
import { missingForReport, type Missing } from "./report-access";
import { findReport, recordDownload, type Downloader } from "./report-queries";
import { reportFileName } from "./report-file-name";
import { reportStore } from "./deploy-store";

function readerOf(token: unknown, now: number): { reference: string; who: Downloader; secret: string } {
  const secret = linkSecret();
  if (!secret || typeof token !== "string") throw new HttpError(403, "This link is not one of ours.");
  for (const [purpose, who] of [
    ["report", "client"],
    ["report-agent", "agent"],
  ] as const) {
    const check = checkBookingToken(secret, token, now, purpose);
    if (check.ok) return { reference: check.reference, who, secret };
    if (check.reason === "expired") {
      throw new HttpError(410, `This report link has expired. Please call us at ${business.phone} for a new one.`);
    }
  }
  throw new HttpError(403, "This link cannot open a report: please use the link in the report's e-mail.");
}

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/**
 * What the page says is missing, each with what does it: the signing link, or the "pay now" link
 * where clients pay online. Both are the client's alone: the agent cannot sign for the client, and
 * the pay link carries the booking's manage token.
 */
const missingSteps = (
  missing: Missing[],
  who: Downloader,
  links: { sign: () => string; pay: () => string | null },
  dueCents: number,
) =>
  missing.map((what) => ({
    what,
    link: who !== "client" ? null : what === "sign" ? links.sign() : links.pay(),
    // The amount is the client's to know; the agent learns only that the fee is not paid.
    ...(what === "pay" && who === "client" ? { cents: dueCents } : {}),
  }));

export async function reportPageHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    if (req.method !== "GET") throw new HttpError(405, "This address answers GET.", { Allow: "GET" });
    throttle(
      req,
      "report",
      `Too many tries from your address. Please wait a few minutes or call us at ${business.phone}.`,
    );
    const now = Date.now();
    const query = readQuery(req);
    const { reference, who, secret } = readerOf(query.token, now);
    const db = await databaseOr503(business.phone);
    const booking = await findBooking(db, reference);
    // The agent's link opens the report only while the client consents (they may take it back).
    if (who === "agent" && booking && !booking.agentReportConsentAt) {
      throw new HttpError(403, "The client has not asked us to share this report with you: please ask them for it.");
    }
    const report = booking && (await findReport(db, reference));
    if (!booking || !report) {
      if (query.download !== undefined) throw new HttpError(404, "The report of this inspection is not ready yet.");
      res
        .status(200)
        .json({ reference, who, state: "not-ready", when: booking ? bookedTimeText(booking.start) : null });
      return;
    }
    const missing = await missingForReport(db, booking, report);
    if (query.download === undefined) {
      res.status(200).json({
        reference,
        who,
        when: bookedTimeText(booking.start),
        state: missing.length ? "withheld" : "ready",
        // The signing page on this site, by its path: the page is on the same site as the link it shows.
        missing: missingSteps(
          missing,
          who,
          {
            sign: () => pathOf(signingLink(secret, reference, now)),
            // Paid from here, Stripe brings the client back here.
            pay: () => (paymentsOn() ? `${pathOf(payLink(secret, reference, now))}&return=report` : null),
          },
          missing.includes("pay") ? dueCents(await paymentStatus(db, reference)) : 0,
        ),
        size: report.size,
      });
      return;
    }
    if (missing.length) {
      throw new HttpError(
        403,
        `The report is ready, but first: ${missing.map((what) => (what === "sign" ? "the agreement must be signed" : "the balance must be paid")).join(" and ")}.`,
      );
    }
    const store = reportStore();
    if (!store) throw new HttpError(503, `The report cannot be fetched just now. Please call us at ${business.phone}.`);
    await recordDownload(db, reference, who, new Date(now).toISOString());
    res.setHeader("Location", await store.downloadLink(report.key, reportFileName(reference), now));
    res.status(303).send("");
  } catch (error) {
    sendFailure(res, error, "report", `Something went wrong on our side. Please call us at ${business.phone}.`);
  }
}
