/**
 * Netlify scheduled function: every minute, has the site run its periodic pass (POST /api/reminders,
 * src/passes/periodic-pass.ts), which only the functions Gatsby bundles can run since it reads the content, then
 * sends the stored e-mails that are due. Needs SMTP_URL, DATABASE_URL and BOOKING_LINK_SECRET. Netlify stops it
 * at 30 s, so the pass starts no send its budget does not cover (mail/delivery.ts, deliveryPass).
 */
import { schedulerToken } from "../../src/lib/server/http/scheduler-token";
import { publishedDeployEnv } from "../../src/lib/server/deploy/deploy-context";
import { deliveryConfig, deliveryPass } from "../../src/lib/server/mail/delivery";

/** Asks the site to store the reminders due; returns how many it sent, or null when it could not. */
export async function storeReminders(env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  const { BOOKING_LINK_SECRET: secret, URL: site } = env;
  if (!secret || !site) {
    console.error(
      `[reminders] no reminders sent: ${!secret ? "BOOKING_LINK_SECRET" : "URL"} is not set for this function (docs/deploy.md).`,
    );
    return null;
  }
  try {
    const answer = await fetch(`${site.replace(/\/+$/, "")}/api/reminders`, {
      method: "POST",
      headers: { Authorization: `Bearer ${schedulerToken(secret, Date.now())}`, "Content-Type": "application/json" },
      body: "{}",
    });
    if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
    return ((await answer.json()) as { sent: number }).sent;
  } catch (error) {
    console.error("[reminders] the pass failed:", (error as Error).message);
    return null;
  }
}

export default async function retryDeliveries(): Promise<Response> {
  const started = Date.now();
  const config = await deliveryConfig(publishedDeployEnv(process.env));
  if (!config) {
    console.error("[delivery] SMTP_URL is not set for this function: no e-mail or reminder leaves (docs/deploy.md).");
    return new Response("No SMTP_URL: nothing to deliver.", { status: 200 });
  }
  await storeReminders();
  await deliveryPass(config, { started });
  return new Response("Due deliveries tried.", { status: 200 });
}

export const config = { schedule: "* * * * *" };
