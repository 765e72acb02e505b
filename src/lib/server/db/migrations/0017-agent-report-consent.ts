/**
 * Migration 0017 (its order and rules: ../migrations.ts): the client's consent that their agent
 * gets the inspection report, kept with the booking.
 */
import type { Migration } from "./migration";

export const AGENT_REPORT_CONSENT: readonly Migration[] = [
  {
    name: "0017-agent-report-consent",
    sql: `
  -- When the client said their agent may have the inspection report (at booking, or on the
  -- booking's page); null while they have not, or since they took it back. Only with it does the
  -- agent get the report's e-mail, and the agent's link open the report (report/).
  ALTER TABLE bookings ADD COLUMN agent_report_consent_at timestamptz;
  `,
  },
];
