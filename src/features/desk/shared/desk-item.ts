/** What the desk's functions answer (../server/), read by its page (../ui/). */
import type { AgentRole, Inspector } from "../../booking/shared";
import type { PaymentFigures } from "../../payment-ledger/shared";

/** Whether the agent gets the booking's e-mails, and why: the desk's card and its CSV say it so. */
export const AGENT_EMAILED: Record<AgentRole | "none", string> = {
  booked: "yes: the agent booked it",
  copied: "yes: the client asked us to copy the agent",
  none: "no: the client did not ask us to copy the agent",
};

export interface DeskSession {
  mailbox: string;
  expiresAt: string;
  /** As content/availability.yaml lists them. */
  inspectors: Inspector[];
  /** Why this deploy takes no report (no bucket on Netlify), and how to switch reports on; null where it does. */
  reportsOff?: string | null;
}

export interface DeskItem {
  reference: string;
  kind: "booking" | "time off";
  inspector: number;
  start: string;
  end: string;
  when: string;
  standing: string;
  confirmBy: string | null;
  services: string[];
  client: { name: string; email: string; phone: string } | null;
  /**
   * `emailed`: whether the agent gets the booking's e-mails, as the one who booked or copied at the
   * client's asking; `reportShared`: when the client said the agent may have the report (null: not).
   */
  agent: {
    name: string;
    email: string;
    phone: string;
    emailed: AgentRole | null;
    reportShared: string | null;
  } | null;
  /** What the client wrote for the inspector (access, pets, a deadline). */
  notes: string;
  location: string;
  estimate: number | null;
  note: string;
  agreement: { by: string; at: string; version: string; keptUntil: string } | null;
  reportDelivered: string | null;
  /**
   * The report kept for the client (report/report-desk.ts): its size, when it was uploaded, whether
   * the owner released it before signing or paying, and every download (who, when), in Maryland's time.
   */
  report: {
    size: number;
    uploaded: string;
    /** What the client still has to do before the report page gives it (sign, pay); empty once released. */
    withheld: Array<"sign" | "pay">;
    released: { by: string; at: string } | null;
    downloads: Array<{ who: "client" | "agent" | "owner"; at: string }>;
  } | null;
  /** A confirmed visit whose time has come: its report can be uploaded from then. */
  visitStarted: boolean;
  /** Its time has come, whatever its standing: it can no longer be cancelled, moved or handed over. */
  started: boolean;
  emails: Array<{ message: string; to: string; subject: string; state: string }>;
  /** Where its payment stands, in cents (payment-ledger/server/payment-status.ts); null for time off. */
  payment: DeskPayment | null;
}

export interface DeskPayment extends PaymentFigures {
  /** Whether the site takes payment online, so a "pay now" link can be sent. */
  online: boolean;
}

export interface DeskDays {
  from: string;
  days: number;
  items: DeskItem[];
}
