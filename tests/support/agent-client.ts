/**
 * An agent's page as a test drives it over HTTP: a request from the page (its Origin and the
 * session's cookie), and the sign-in by the link read from the agent's mailbox.
 */
import { send } from "./function-server";
import { bodyText, waitFor, type Mailbox } from "./mailbox";
import { mailsTo } from "./desk-client";

export function agentPost(url: string, action: string, body: unknown, cookie?: string, origin: string | null = url) {
  return send(`${url}/api/agent/${action}`, {
    body: JSON.stringify(body),
    contentType: "application/json",
    headers: { ...(origin ? { origin } : {}), ...(cookie ? { cookie } : {}) },
  });
}

export const agentGet = (url: string, path: string, cookie?: string) =>
  send(`${url}/api/agent/${path}`, { method: "GET", headers: cookie ? { cookie } : {} });

export const agentLinksTo = (mailbox: Mailbox, to: string) => mailsTo(mailbox, to, /agent\?signin=/);

/** Asks for a link for `agent`, reads it from the agent's mailbox, and signs in: the session's cookie. */
export async function agentSignIn(url: string, mailbox: Mailbox, agent: string): Promise<string> {
  const before = agentLinksTo(mailbox, agent).length;
  if ((await agentPost(url, "link", { email: agent })).status !== 200) throw new Error("The link was refused");
  await waitFor(`${agent}'s sign-in link`, () => agentLinksTo(mailbox, agent).length > before);
  const token = /agent\?signin=([A-Za-z0-9_-]+)/.exec(bodyText(agentLinksTo(mailbox, agent).at(-1)!.raw))![1]!;
  const answer = await agentPost(url, "sign-in", { token });
  if (answer.status !== 200) throw new Error(`Signing in answered ${answer.status}: ${answer.body}`);
  return String(answer.headers["set-cookie"]).split(";")[0]!;
}
