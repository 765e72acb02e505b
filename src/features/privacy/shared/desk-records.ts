/**
 * How long the desk's records of signing in are kept, counted from when each was made: each ask
 * for a sign-in link (with the network address it came from), and each link and sign-in notice
 * e-mailed. Sessions themselves go when they end. Fixed here rather than in content: they are the
 * owner's own records, and the privacy notice states the period beside the desk's cookie. A module
 * of its own, free of content imports, as the Netlify scheduled function bundles the pass that
 * deletes them (src/features/privacy/server/retention.ts says why).
 */
export const DESK_RECORDS_DAYS = 30;
