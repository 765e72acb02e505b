/**
 * /api/agent/<action>: an agent's page of their clients' inspections (docs/agents.md). Signing in needs no
 * session (agent-sign-in.ts); everything else needs one (agent-session.ts), and every change this site's
 * Origin. An agent reads their bookings (agent-bookings.ts), downloads a report the client shared and that
 * is released (each download recorded), and has the client's signing or pay link sent again to the client.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/content/business-data";
import type { Database } from "../../../lib/server/db/database";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { readQuery } from "../../../lib/server/http/read-query";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { withOwnMail } from "../../../lib/server/mail/own-mail";
import { onNetlify } from "../../../lib/server/deploy/deploy-context";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { requireText, resendSigningLink } from "../../desk/server";
import { resendPayLink } from "../../payments/server";
import { reportStore, missingForReport, reportFileName, findReport, recordDownload } from "../../report/server";
import type { AgentPage } from "../shared/agent-view";
import { agentPage, bookingAgentSees } from "./agent-bookings";
import { agentStore, requireAgentOrigin, requireAgentSession } from "./agent-session";
import { agentEndByNotice, agentSignIn, agentSignOut, askForAgentLink } from "./agent-sign-in";

const APOLOGY = `Something went wrong on our side. Please try again, or call us at ${business.phone}.`;

/** The report of a booking the agent sees, once the client shares it and it is released to the client. */
async function reportLink(db: Database, mailbox: string, reference: unknown, now: Date): Promise<string> {
  const booking = await bookingAgentSees(db, mailbox, reference, now);
  if (!booking.agentReportConsentAt) {
    throw new HttpError(403, "The client has not shared the report with you: please ask them for it.");
  }
  const report = await findReport(db, booking.reference);
  if (!report || (await missingForReport(db, booking, report)).length) {
    throw new HttpError(403, "The report is not released to the client yet.");
  }
  const store = reportStore();
  if (!store) throw new HttpError(503, `The report cannot be fetched just now. Please call us at ${business.phone}.`);
  await recordDownload(db, booking.reference, "agent", now.toISOString());
  return store.downloadLink(report.key, reportFileName(booking.reference), now.getTime());
}

/** Sends the client (never the agent) their link again, for a booking this agent sees. */
async function resend(db: Database, mailbox: string, action: string, body: Record<string, unknown>, now: Date) {
  const booking = await bookingAgentSees(db, mailbox, body.reference, now);
  if (action === "resend-signing") await resendSigningLink(db, booking.reference, now);
  else await resendPayLink(db, booking.reference, now);
  // The address and the amount are the client's: the agent learns only that it went.
  return { reference: booking.reference, sent: "to the client" };
}

export async function agentHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const now = new Date();
    const action = String((req.params as Record<string, string> | undefined)?.action ?? "");
    if (req.method === "GET") {
      const db = await databaseOr503(business.phone, "read");
      const session = await requireAgentSession(db, req, now);
      if (action === "page") {
        const page: AgentPage = {
          mailbox: session.mailbox,
          expiresAt: session.expiresAt,
          ...(await agentPage(db, session.mailbox, now)),
        };
        res.status(200).json(page);
        return;
      }
      if (action === "report") {
        res.setHeader("Location", await reportLink(db, session.mailbox, readQuery(req).reference, now));
        res.status(303).send("");
        return;
      }
      throw new HttpError(404, "There is no such page.");
    }
    if (req.method !== "POST") throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    const limit = () => throttle(req, "agent", "Too many requests from your address. Please wait a few minutes.");
    const db = await databaseOr503(business.phone, "save");
    if (["link", "sign-in", "sign-out", "end-by-notice"].includes(action)) limit();
    if (action === "link") {
      const { answer, reference } = await askForAgentLink(db, req, now);
      res.status(200).json(answer);
      // After the answer, as the desk's: neither the answer nor its time tells who is an agent here.
      if (!onNetlify(runtimeEnv())) await deliverNow(reference);
      return;
    }
    if (action === "sign-in") {
      const { answer, notice } = await agentSignIn(db, req, res, now);
      await deliverNow(notice);
      res.status(200).json(answer);
      return;
    }
    if (action === "sign-out") {
      res.status(200).json(await agentSignOut(db, req, res));
      return;
    }
    if (action === "end-by-notice") {
      res.status(200).json(await agentEndByNotice(db, req));
      return;
    }
    if (!["resend-signing", "resend-pay", "end-other-sessions"].includes(action)) {
      throw new HttpError(404, "There is no such action.");
    }
    requireAgentOrigin(req);
    const session = await requireAgentSession(db, req, now).catch((error: unknown) => {
      limit();
      throw error;
    });
    const body = requireText(await readJsonBody(req)) as Record<string, unknown>;
    if (action === "end-other-sessions") {
      const ended = await agentStore.endOtherSessionsOf(db, session.mailbox, session.id);
      res.status(200).json({ ended: ended.length });
      return;
    }
    const [answer, ownMail] = await withOwnMail(() => resend(db, session.mailbox, action, body, now));
    await deliverNow(ownMail);
    res.status(200).json(answer);
  } catch (error) {
    sendFailure(res, error, "agent", APOLOGY);
  }
}
