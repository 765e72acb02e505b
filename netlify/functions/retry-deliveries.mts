/**
 * Netlify scheduled function: every minute, retries the e-mails of stored requests that are still
 * pending (the mail server refused or was away when the request came in). Netlify deploys it beside
 * the functions Gatsby's adapter makes from src/api; it needs SMTP_URL and Netlify Blobs.
 */
import { deliverPending, deliveryConfig } from "../../src/lib/server/mail/delivery";

export default async function retryDeliveries(): Promise<Response> {
  const config = deliveryConfig(process.env);
  if (!config) return new Response("No SMTP_URL or no Netlify Blobs: nothing to deliver.", { status: 200 });
  await deliverPending(config);
  return new Response("Pending deliveries tried.", { status: 200 });
}

export const config = { schedule: "* * * * *" };
