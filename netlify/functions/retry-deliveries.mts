/**
 * Netlify scheduled function: every minute, sends the e-mails of stored requests that are due
 * (the mail server refused or was away when the request came in). Netlify deploys it beside the
 * functions Gatsby's adapter makes from src/api; it needs SMTP_URL and DATABASE_URL.
 */
import { deliverDue, deliveryConfig } from "../../src/lib/server/mail/delivery";

export default async function retryDeliveries(): Promise<Response> {
  const config = await deliveryConfig(process.env);
  if (!config) return new Response("No SMTP_URL: nothing to deliver.", { status: 200 });
  await deliverDue(config);
  return new Response("Due deliveries tried.", { status: 200 });
}

export const config = { schedule: "* * * * *" };
