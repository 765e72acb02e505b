/**
 * The schema, as named migrations applied in the order listed when the database is opened
 * (migrate.ts). A released migration is never edited: a change is a new one.
 *
 * Expand, then contract. A migration only adds by default (a table, a nullable column or one
 * with a default, an index, a looser check), so the release before it still runs on the database
 * it leaves: a rollback keeps booking. A migration that removes or changes what released code
 * reads or writes (a drop, a rename, NOT NULL without a default, a tighter check) is declared
 * `breaking`, with what older code can no longer do, and comes in a later release than the code
 * that stopped relying on it; code that finds a breaking migration it does not know refuses to
 * open the database, saying so, where it would otherwise fail request by request.
 *
 * The migrations themselves are in migrations/, a file per run of them; this list joins those
 * runs in the order they are applied, which is their numbers' order.
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
