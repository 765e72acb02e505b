/**
 * /_mail on the local server: the e-mails the site kept instead of sending (no SMTP_URL), listed
 * and shown one by one (src/serve/local-mail.ts), to this machine only. Kept e-mail holds
 * visitors' details, so it is answered only where nothing is sent, only to a request from this
 * machine, and only under a name of this machine.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { withDatabase } from "./database-access";
import type { PlainAnswer } from "./function-supervisor";
import { isLoopbackHost, keptFile, keptMail, keptMailAddress, keptMessage, mailListPage, mailPage } from "./local-mail";

export function keptMailRoute(answer: PlainAnswer, env: NodeJS.ProcessEnv) {
  /** Whether this request is one /_mail answers at all; any other is served as the site's files are. */
  const shows = (req: IncomingMessage, rawPath: string) =>
    (rawPath === "/_mail" || rawPath.startsWith("/_mail/")) &&
    req.method === "GET" &&
    !env.SMTP_URL &&
    ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(req.socket.remoteAddress ?? "");

  async function send(req: IncomingMessage, res: ServerResponse, rawPath: string) {
    const port = req.socket.localPort ?? 0;
    if (!isLoopbackHost(req.headers.host, port)) {
      return answer(
        res,
        403,
        `Kept e-mail is shown only at http://127.0.0.1:${port}/_mail (or localhost): this address was reached under another name.`,
      );
    }
    const asked = keptMailAddress(rawPath);
    if (asked === "malformed") return answer(res, 400, "This address is malformed.");
    if (asked === "unknown") return answer(res, 404, "There is no such kept e-mail. /_mail lists them.");
    const origin = `http://${req.headers.host!.toLowerCase()}`;
    const html = { "content-type": "text/html; charset=utf-8" };
    const found = await withDatabase(
      async (db) => {
        const kept = await keptMail(db);
        if (asked.number === undefined) return { status: 200, body: mailListPage(kept), type: html };
        const state = kept.find((each) => each.number === asked.number);
        if (!state) return null;
        const mail = await keptMessage(db, state);
        if (asked.file === undefined) return { status: 200, body: mailPage(asked.number, mail, origin), type: html };
        const attached = keptFile(mail, asked.file);
        return attached && { status: 200, body: attached.body, type: { "content-type": attached.contentType } };
      },
      env,
      { openHere: false },
    ).catch(() => "unavailable" as const);
    if (found === "unavailable") {
      return answer(res, 503, "The kept e-mail cannot be read until the functions have started; reload in a moment.");
    }
    if (!found) return answer(res, 404, "There is no such kept e-mail. /_mail lists them.");
    return answer(res, found.status, found.body, found.type);
  }

  return { shows, send };
}
