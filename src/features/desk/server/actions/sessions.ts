/**
 * The desk's actions on sessions: asking for a sign-in link, signing in and out, ending a session by
 * the sign-in notice's link (these four need no session), and, signed in, what the caller's session
 * is, the sessions open now, and ending one of them or every other.
 */
import { z } from "zod";
import { clientAddress } from "../../../../lib/server/http/client-address";
import { REPORTS_OFF, reportStore } from "../../../report/server";
import { deskAction, requiredText, sessionOf } from "../desk-action";
import { listedInspectors } from "../desk-view";
import { endOneSession, endOthers, sessionsView } from "../sessions";
import { setSessionCookie } from "../session";
import { askForLink, endByNotice, signIn, signOut } from "../sign-in";

export const sessionActions = {
  link: deskAction({
    method: "POST",
    access: "anyone",
    input: z.object({ email: requiredText("Send the email.") }),
    anyText: true,
    // After the answer, so that neither the answer nor its time tells which addresses are the desk's.
    mail: "after-answer",
    run: ({ db, input, now, req }) => askForLink(db, input.email, clientAddress(req), now),
  }),
  "sign-in": deskAction({
    method: "POST",
    access: "anyone",
    input: z.object({ token: requiredText("Send the token.") }),
    run: ({ db, input, now, req, res }) => signIn(db, input.token, { req, res }, now),
  }),
  "sign-out": deskAction({
    method: "POST",
    access: "anyone",
    run: ({ db, req, res }) => signOut(db, req, res),
  }),
  "end-by-notice": deskAction({
    method: "POST",
    access: "anyone",
    input: z.object({ end: requiredText("Send the end.") }),
    run: ({ db, input }) => endByNotice(db, input.end),
  }),
  session: deskAction({
    method: "GET",
    access: "session",
    run: async (call) => ({
      mailbox: sessionOf(call).mailbox,
      expiresAt: sessionOf(call).expiresAt,
      inspectors: listedInspectors(),
      reportsOff: reportStore() ? null : REPORTS_OFF,
    }),
  }),
  sessions: deskAction({
    method: "GET",
    access: "session",
    run: (call) => sessionsView(call.db, sessionOf(call), call.now),
  }),
  "end-session": deskAction({
    method: "POST",
    access: "session",
    input: z.object({
      number: z.number({ error: "Say which session, by its number." }).int().safe().min(1, {
        error: "Say which session, by its number.",
      }),
    }),
    run: async (call) => {
      const answer = await endOneSession(call.db, call.input.number, sessionOf(call));
      // Ending the caller's own session ends its cookie too.
      if (answer.signedOut) setSessionCookie(call.req, call.res, null);
      return answer;
    },
  }),
  "end-other-sessions": deskAction({
    method: "POST",
    access: "session",
    // Nothing to read, but a change's body is still an object of text, as every change's is.
    input: z.object({}),
    run: (call) => endOthers(call.db, sessionOf(call)),
  }),
};
