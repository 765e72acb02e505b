/** What /api/report answers (src/features/report/server/report-page.ts), read by the report page (src/features/report/ui/). */
export interface ReportStep {
  /** sign: the client's signature on the agreement; pay: the balance of the fee. */
  what: "sign" | "pay";
  /** The page that does it (the signing page, the pay link), or null where this reader cannot do it. */
  link: string | null;
  /** For "pay": what is still to pay, in cents. */
  cents?: number;
}

export type ReportView =
  | { reference: string; who: "client" | "agent"; state: "not-ready"; when: string | null }
  | {
      reference: string;
      who: "client" | "agent";
      state: "withheld" | "ready";
      when: string;
      missing: ReportStep[];
      size: number;
    };
