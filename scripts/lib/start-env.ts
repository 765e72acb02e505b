/**
 * SITE_URL on `npm start`. The pages are built with the site's public address (canonical links, the
 * sitemap); the functions read SITE_URL as they run, for the links in e-mails and Stripe's return.
 * A SITE_URL on this machine (http://127.0.0.1:9000) is for trying those here: the build is made as
 * without it, so giving it needs no build, and the functions alone are given it.
 */
const THIS_MACHINE = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether `siteUrl` is an address of this machine. */
export function isThisMachine(siteUrl: string | undefined): boolean {
  if (!siteUrl) return false;
  try {
    return THIS_MACHINE.has(new URL(siteUrl).hostname);
  } catch {
    return false;
  }
}

/** The environment the build is made with: without a SITE_URL of this machine. */
export function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!isThisMachine(env.SITE_URL)) return env;
  const { SITE_URL: _thisMachine, ...rest } = env;
  return rest;
}
