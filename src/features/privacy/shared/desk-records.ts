/**
 * How long the desk's records of signing in are kept (each ask for a link with its network address, each link
 * and notice e-mailed), counted from when each was made. Fixed here rather than in content: they are the owner's
 * own records, and the privacy notice states the period. Free of content imports, as the Netlify scheduled
 * function bundles the pass that deletes them (retention.ts says why).
 */
export const DESK_RECORDS_DAYS = 30;
