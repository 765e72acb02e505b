/** Migration 0016 (its order and rules: ../migrations.ts): the report uploads the desk was given links for. */
import type { Migration } from "./migration";

export const REPORT_UPLOADS: readonly Migration[] = [
  {
    name: "0016-report-uploads",
    sql: `
  -- A key of the report store the desk's browser was given an upload link for (report/): pending
  -- until the desk attaches it, when a copy under a key no link names becomes the report and
  -- attached_at is set, so the same upload is never attached twice. A day after its link was made,
  -- attached or not, the periodic pass deletes the key from the store, whatever was sent to it since,
  -- and the row with it. No foreign key: the file must be swept even where the booking has gone.
  CREATE TABLE report_uploads (
    object_key text PRIMARY KEY,
    booking text NOT NULL,
    issued_at timestamptz NOT NULL,
    attached_at timestamptz
  );
  CREATE INDEX report_uploads_issued ON report_uploads (issued_at);
  `,
  },
];
