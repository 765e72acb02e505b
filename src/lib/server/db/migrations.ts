/**
 * The schema, as named migrations applied in this list's order when the database is opened (migrate.ts); the
 * migrations themselves are in migrations/, a file per run. A released migration is never edited. Expand, then
 * contract: a migration only adds, so the release before still runs on it, unless it is declared `breaking`
 * with what older code can no longer do, and code that finds a breaking migration it does not know refuses to
 * open the database (docs/architecture.md, "The database").
 */
import type { Migration } from "./migrations/migration";
import { REQUESTS_BOOKINGS_AGREEMENTS } from "./migrations/0001-0006-requests-bookings-agreements";
import { DESK_EDITOR_DELIVERIES } from "./migrations/0007-0011-desk-editor-deliveries";
import { PAYMENTS_REPORTS } from "./migrations/0012-0013-payments-reports";
import { MONEY } from "./migrations/0014-0015-money";
import { REPORT_UPLOADS } from "./migrations/0016-report-uploads";
import { AGENT_REPORT_CONSENT } from "./migrations/0017-agent-report-consent";
import { BOOKING_RECORD } from "./migrations/0018-booking-record";
import { AGENT_SIGN_IN } from "./migrations/0019-agent-sign-in";

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [
  ...REQUESTS_BOOKINGS_AGREEMENTS,
  ...DESK_EDITOR_DELIVERIES,
  ...PAYMENTS_REPORTS,
  ...MONEY,
  ...REPORT_UPLOADS,
  ...AGENT_REPORT_CONSENT,
  ...BOOKING_RECORD,
  ...AGENT_SIGN_IN,
];
