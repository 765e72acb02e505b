/**
 * /api/desk/<action>: the owner's desk. Signing in (sign-in.ts) needs no session; everything else needs one
 * (session.ts), and every change also this site's Origin. Each action, what it takes and answers, and the
 * file that does it: docs/desk.md (Reading, Changes); this file only checks the session and hands over.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/content/business-data";
import { marylandToday } from "../../../lib/maryland-time/maryland-today";
import type { Database } from "../../../lib/server/db/database";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { readQuery } from "../../../lib/server/http/read-query";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { passSoon } from "../../../lib/server/mail/delivery";
import { withOwnMail } from "../../../lib/server/mail/own-mail";
import { bookCaller } from "./book-caller";
import { bookingsCsv, csvRange } from "./bookings-csv";
import { cancelForClient, confirmForClient, handToInspector, moveForClient, resendToClient } from "./booking-actions";
import { deskItems, listedInspectors } from "./desk-view";
import { askForLink, endByNotice, signIn, signOut } from "./sign-in";
import { endOneSession, endOthers, sessionsView } from "./sessions";
import type { DeskSession } from "./desk-store";
import { requireText } from "./desk-text";
import { onNetlify } from "../../../lib/server/deploy/deploy-context";
import { deskDatabase, refuseDeskNotReady } from "./desk-not-ready";
import { requireSameOrigin, requireSession, setSessionCookie } from "./session";
import {
  REPORTS_OFF,
  reportStore,
  attachReport,
  ownerDownloadLink,
  releaseReportAnyway,
  reportUploadLink,
} from "../../report/server";
import { resendSigningLink } from "./resend-signing";
import { recordPaymentOnSite, resendPayLink } from "../../payments/server";
import { needsAttention } from "./attention";
import { agentsSendingWork } from "../../booking/server";
import type { DeskAgents } from "../shared/desk-agents";
import { marylandText } from "./desk-mail";
import { removeTimeOff, takeTimeOff, timeOffAsk } from "./time-off";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The agents named on confirmed bookings made in the last 12 months, the most first. */
async function agentsView(db: Database, now: Date): Promise<DeskAgents> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 12);
  return { since: marylandText(since.getTime()), agents: await agentsSendingWork(db, since.toISOString()) };
}
const APOLOGY = `Something went wrong on our side. Try again, or use \`npm run requests\` on the office machine.`;

type Change = (
  db: Database,
  body: Record<string, unknown>,
  now: Date,
  session: DeskSession & { id: string },
) => Promise<object>;

const CHANGES: Record<string, Change> = {
  confirm: (db, body, now) => confirmForClient(db, body, now),
  cancel: (db, body, now) => cancelForClient(db, body, now),
  "report-upload-link": (db, body, now) => reportUploadLink(db, body, now),
  "report-attach": (db, body, now, session) => attachReport(db, body, now, session.mailbox),
  "report-release": (db, body, now, session) => releaseReportAnyway(db, body, now, session.mailbox),
  move: (db, body, now) => moveForClient(db, body, now),
  hand: (db, body, now) => handToInspector(db, body, now),
  resend: (db, body, now) => resendToClient(db, body, now),
  "resend-signing": (db, body, now) => resendSigningLink(db, body, now),
  "payment-taken": (db, body, now, session) => recordPaymentOnSite(db, body, now, session.mailbox),
  "resend-pay": (db, body, now) => resendPayLink(db, body, now),
  "time-off": (db, body, now, session) => takeTimeOff(db, timeOffAsk(body, now), session.mailbox, now),
  "time-off-remove": (db, body, now) => {
    if (typeof body.reference !== "string") throw new HttpError(400, "Say which time off.");
    return removeTimeOff(db, body.reference, now);
  },
  "end-session": (db, body, _now, session) => endOneSession(db, body, session),
  "end-other-sessions": (db, _body, _now, session) => endOthers(db, session),
};

async function read(db: Database, req: GatsbyFunctionRequest, action: string, now: Date): Promise<object> {
  const session = await requireSession(db, req, now);
  if (action === "session")
    return {
      mailbox: session.mailbox,
      expiresAt: session.expiresAt,
      inspectors: listedInspectors(),
      reportsOff: reportStore() ? null : REPORTS_OFF,
    };
  if (action === "days") {
    const query = readQuery(req);
    const from = typeof query.from === "string" && DATE.test(query.from) ? query.from : marylandToday(now);
    const days = Math.min(31, Math.max(1, Number(query.days) || 7));
    return { from, days, items: await deskItems(db, from, days, now.getTime()) };
  }
  if (action === "attention") return needsAttention(db, now.getTime());
  if (action === "sessions") return sessionsView(db, session, now);
  if (action === "agents") return agentsView(db, now);
  throw new HttpError(404, "The desk has no such page.");
}

export async function deskHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const now = new Date();
    const action = String((req.params as Record<string, string> | undefined)?.action ?? "");
    // Before any other answer, so the owner reads what the deploy lacks rather than a visitor's apology.
    refuseDeskNotReady(runtimeEnv());
    if (req.method === "GET") {
      const db = await deskDatabase(business.phone, "read");
      if (action === "csv") {
        await requireSession(db, req, now);
        res.setHeader("Content-Type", "text/csv; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="bookings-${marylandToday(now)}.csv"`);
        const range = csvRange((req.query ?? {}) as Record<string, unknown>, now.getTime());
        res.status(200).send(await bookingsCsv(db, now.getTime(), range));
        return;
      }
      if (action === "report") {
        await requireSession(db, req, now);
        const query = readQuery(req);
        res.setHeader("Location", await ownerDownloadLink(db, query.reference, now));
        res.status(303).send("");
        return;
      }
      res.status(200).json(await read(db, req, action, now));
      return;
    }
    if (req.method !== "POST") throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    const limit = () => throttle(req, "desk", "Too many requests from your address. Please wait a few minutes.");
    const db = await deskDatabase(business.phone, "save");
    // Signing in is limited per address; a change needs a session, so only a caller without one is.
    if (["link", "sign-in", "sign-out", "end-by-notice"].includes(action)) limit();
    if (action === "link") {
      const { answer, reference } = await askForLink(db, req, now);
      res.status(200).json(answer);
      // Sent after the answer, so that neither the answer nor its time tells which addresses are the
      // desk's. On Netlify a function is frozen once it has answered: the scheduled delivery pass
      // (netlify/functions/retry-deliveries.mts) sends the link there, within a minute.
      if (!onNetlify(runtimeEnv())) await deliverNow(reference);
      return;
    }
    if (action === "sign-in") {
      const { answer, notice } = await signIn(db, req, res, now);
      await deliverNow(notice);
      res.status(200).json(answer);
      return;
    }
    if (action === "sign-out") {
      res.status(200).json(await signOut(db, req, res));
      return;
    }
    if (action === "end-by-notice") {
      res.status(200).json(await endByNotice(db, req));
      return;
    }
    const change = CHANGES[action];
    if (!change && action !== "book") throw new HttpError(404, "The desk has no such action.");
    requireSameOrigin(req);
    const session = await requireSession(db, req, now).catch((error: unknown) => {
      limit();
      throw error;
    });
    const body = requireText(await readJsonBody(req));
    if (!change) {
      // Answered as the schedule form's request is (201, or its refusals), its e-mails sent by the store.
      const booked = await bookCaller(req, body, now, session.mailbox);
      res.status(booked.status).json(booked.body);
      return;
    }
    const [answer, ownMail] = await withOwnMail(() => change(db, body, now, session));
    // Ending the caller's own session ends its cookie too.
    if ("signedOut" in answer && answer.signedOut === true) setSessionCookie(req, res, null);
    await deliverNow(ownMail);
    res.status(200).json(answer);
    // A cancel's refund, and the end of its open Checkout Session, right after the answer.
    if (action === "cancel") passSoon();
  } catch (error) {
    sendFailure(res, error, "desk", APOLOGY);
  }
}
