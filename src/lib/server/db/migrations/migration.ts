/** One migration of the schema; the list, in order, and the rules they follow: ../migrations.ts. */
export interface Migration {
  /** Unique and never changed: "NNNN-what-it-adds". */
  name: string;
  sql: string;
  /** What code released before this migration can no longer do on the database it leaves; absent when it only adds. */
  breaking?: string;
}
