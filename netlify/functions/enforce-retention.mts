/**
 * Netlify scheduled function: once a day, deletes the records whose period in
 * content/privacy.yaml is over (src/features/privacy/server/retention.ts). The day's row in the
 * database makes it run once however often it is called. It needs DATABASE_URL, and carries
 * content/privacy.yaml (netlify.toml's included_files): Netlify's bundler cannot read the
 * yaml-loader import the site's own bundles use.
 */
import { readContentFile } from "../../src/build-time/content-files";
import { privacySchema } from "../../src/lib/content/retention-schema";
import { database } from "../../src/lib/server/db/database";
import { publishedDeployEnv } from "../../src/lib/server/deploy/deploy-context";
import { enforceRetention } from "../../src/features/privacy/server/retention";
import { bucketStore } from "../../src/features/report/server/s3-store";

export default async function enforceRetentionDaily(): Promise<Response> {
  const periods = privacySchema.parse(readContentFile("privacy.yaml"));
  const env = publishedDeployEnv(process.env);
  // The reports it lets go of are deleted from the bucket too (report/report-retention.ts).
  const counts = await enforceRetention(await database(env), new Date(), periods, bucketStore(env));
  return new Response(counts ? `Deleted: ${JSON.stringify(counts)}` : "Today's pass had already run.", { status: 200 });
}

export const config = { schedule: "@daily" };
