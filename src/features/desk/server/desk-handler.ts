/**
 * /api/desk/<action>: the owner's desk, a lookup of its actions (actions/, grouped by what they change).
 * Every action is guarded here alike: signing in needs no session and is limited per address; every
 * other action needs a session; every change needs this site's Origin, and its body is text. What each
 * takes and answers: docs/desk.md.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/content/business-data";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { readQuery } from "../../../lib/server/http/read-query";
import { onNetlify } from "../../../lib/server/deploy/deploy-context";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { withOwnMail } from "../../../lib/server/mail/own-mail";
import { bookingActions } from "./actions/booking";
import { moneyActions } from "./actions/money";
import { reportActions } from "./actions/reports";
import { sessionActions } from "./actions/sessions";
import { timeOffActions } from "./actions/time-off";
import { viewActions } from "./actions/views";
import { readInput, Reply, RESPONDED, type DeskAction } from "./desk-action";
import { deskDatabase, refuseDeskNotReady } from "./desk-not-ready";
import { requireText } from "./desk-text";
import { requireSameOrigin, requireSession } from "./session";

const DESK_ACTIONS: Readonly<Record<string, DeskAction>> = {
  ...sessionActions,
  ...viewActions,
  ...bookingActions,
  ...timeOffActions,
  ...reportActions,
  ...moneyActions,
};

const APOLOGY = `Something went wrong on our side. Try again, or use \`npm run requests\` on the office machine.`;

export async function deskHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const now = new Date();
    const name = String((req.params as Record<string, string> | undefined)?.action ?? "");
    // Before any other answer, so the owner reads what the deploy lacks rather than a visitor's apology.
    refuseDeskNotReady(runtimeEnv());
    if (req.method !== "GET" && req.method !== "POST") {
      throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    }
    const action = Object.hasOwn(DESK_ACTIONS, name) ? DESK_ACTIONS[name] : undefined;
    if (action?.method !== req.method) {
      throw new HttpError(404, req.method === "GET" ? "The desk has no such page." : "The desk has no such action.");
    }
    const change = action.method === "POST";
    const db = await deskDatabase(business.phone, change ? "save" : "read");
    const limit = () => throttle(req, "desk", "Too many requests from your address. Please wait a few minutes.");
    if (action.access === "anyone") limit();
    if (change) requireSameOrigin(req);
    // A change needs a session, so only a caller without one is limited.
    const session =
      action.access === "session"
        ? await requireSession(db, req, now).catch((error: unknown) => {
            if (change) limit();
            throw error;
          })
        : null;
    const given = !change ? readQuery(req) : action.input ? await readJsonBody(req) : {};
    if (change && !action.anyText) requireText(given);
    const input = action.input ? readInput(action.input, given) : given;
    const [answer, ownMail] = await withOwnMail(() => action.run({ db, input, now, req, res, session }));
    if (action.mail === undefined) await deliverNow(ownMail);
    if (answer instanceof Reply) res.status(answer.status).json(answer.body);
    else if (answer !== RESPONDED) res.status(200).json(answer);
    // On Netlify a function is frozen once it has answered: the scheduled delivery pass
    // (netlify/functions/retry-deliveries.mts) sends these there, within a minute.
    if (action.mail === "after-answer" && !onNetlify(runtimeEnv())) await deliverNow(ownMail);
    action.afterAnswer?.();
  } catch (error) {
    sendFailure(res, error, "desk", APOLOGY);
  }
}
