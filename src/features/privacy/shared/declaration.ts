/**
 * What the site keeps, why, who else receives it and for how long: the one declaration the
 * privacy notice (/privacy) is made from and the daily retention pass deletes by
 * (src/features/privacy/server/retention.ts). The periods are content (content/privacy.yaml, checked
 * at build); the fields of each form and their purposes are in fields.ts.
 */
import privacyYaml from "!!yaml-loader!../../../../content/privacy.yaml";
import type { PrivacyContent } from "../../../lib/content/content-schema";
import { FORM_DECLARATIONS, type FormDeclaration } from "./fields";

/** Validated against privacySchema on every build (gatsby/source-content.ts), so the cast is safe. */
export const retention = privacyYaml as PrivacyContent;

export type RecordKind = "contactMessage" | "scheduleRequest" | "booking" | "signedAgreement" | "dataRequest";

export interface KeptRecord {
  kind: RecordKind;
  name: string;
  /** What it holds. */
  holds: string;
  purpose: string;
  years: number;
  /** What the period is counted from. */
  from: string;
  /** Why this long. */
  why: string;
  /** The form whose fields it holds, if any. */
  form?: FormDeclaration;
}

const formOf = (form: string) => FORM_DECLARATIONS.find((declaration) => declaration.form === form);

const yearsText = (years: number) => `${years} year${years === 1 ? "" : "s"}`;

/**
 * The rule for an agreement signed for a visit that never took place, in the notice's words: the
 * years are those of a schedule request that did not lead to a visit, as the retention pass and
 * the data page count them (server/privacy/due-days.ts, agreementGoesOn).
 */
export const neverHeldAgreementRule = (periods: PrivacyContent) =>
  `An agreement signed for a visit that never took place (the booking was cancelled, or never confirmed, before it) is kept as a schedule request that did not lead to a visit is: ${yearsText(periods.requestsNotBookedYears)} from when it was signed.`;

/** Every kind of record the site keeps, in the order the notice lists them. */
export const KEPT_RECORDS: readonly KeptRecord[] = [
  {
    kind: "contactMessage",
    name: "Messages from the contact form",
    holds:
      "The fields of the contact form, when it arrived, and the e-mails it sent: the message to our office and your confirmation.",
    purpose: "To answer your question.",
    years: retention.contactMessagesYears,
    from: "when it arrived",
    why: "Long enough to answer a follow-up question about what you asked.",
    form: formOf("contact"),
  },
  {
    kind: "scheduleRequest",
    name: "Schedule requests that did not lead to a visit",
    holds:
      "The fields of the schedule form, the price we worked out, and the e-mails it sent. This covers a request for a call-back, and a booking that was never confirmed or was cancelled.",
    purpose: "To arrange the inspection you asked for.",
    years: retention.requestsNotBookedYears,
    from: "when it arrived",
    why: "Long enough to pick up a request again if you come back to it.",
    form: formOf("schedule"),
  },
  {
    kind: "booking",
    name: "Booked inspections",
    holds:
      "The schedule request it came from, the inspector's time it holds, every change to it, what was paid for it and refunded (the amount, how, when, and for a card payment Stripe's reference, never the card's number), and their e-mails and calendar invitations.",
    purpose: "To do the inspection, and to have the record of the job we did.",
    years: retention.bookingsYears,
    from: "the day of the visit",
    why: "The Maryland commission that licenses home inspectors may dismiss a complaint filed more than 3 years after the report date (COMAR 09.36.01.01): the record of the job is kept while a complaint can still be heard.",
  },
  {
    kind: "signedAgreement",
    name: "Signed inspection agreements and inspection reports",
    holds:
      "The agreement you signed before the inspection as you signed it, with your name, the property's address, when you signed and from which network address and browser; and the inspection report (the PDF we delivered), with when it was delivered and each time it was downloaded (by you, the agent you named, or us). A report whose agreement was never signed is kept and deleted with its booking.",
    purpose: "The contract for the inspection, and the report it was for.",
    years: retention.signedAgreementsYears,
    from: "the report's delivery, counted from a month after the visit (the latest the report is delivered)",
    why: `Maryland law requires a home inspector to keep contracts and reports for 5 years (BOP §16-4A-05). They are kept for that time even if you ask us to delete your data, and the report's file is deleted from our storage the day its agreement goes. ${neverHeldAgreementRule(retention)}`,
  },
  {
    kind: "dataRequest",
    name: "Requests to see or delete your data",
    holds:
      "The e-mail address the link was sent to, when, and what was done (seen, or deleted, with how many records).",
    purpose: "To send you the link, to limit how many links one address receives, and to show we answered.",
    years: retention.dataRequestsYears,
    from: "when it arrived",
    why: "The record that we answered your request.",
    form: formOf("data request"),
  },
];

/** Who else receives what the site keeps, and why. */
export const RECIPIENTS: ReadonlyArray<{ name: string; receives: string }> = [
  {
    name: "Your real-estate agent",
    receives:
      "Only when the agent booked for you, or you asked us to copy them: the booking's e-mails about its time and their calendar invitations, never your links or the price, and where it stands on their own page with us, until you stop it on the page of your data. The inspection report only when you said so, at booking or on your booking's page, where you can also take it back; without that, the report is yours alone.",
  },
  {
    name: "Our e-mail provider",
    receives:
      "Every e-mail the site sends (to our office, your confirmation, the link to your booking or your data) passes through the mail server we send with (SMTP) and is stored in the mailboxes it reaches.",
  },
  {
    name: "Our file storage",
    receives:
      "The inspection report's PDF is kept in our storage bucket (an S3-compatible service such as Amazon S3, Cloudflare R2 or Backblaze B2) and downloaded from it by a link that works for a few minutes.",
  },
  {
    name: "Our payment processor (Stripe)",
    receives:
      "If you pay online, you enter your card on Stripe's own page, never on ours: Stripe receives your e-mail address, the amount and the booking's reference, tells us the payment went through, and sends any refund back to your card.",
  },
  {
    name: "Our web host (Netlify)",
    receives:
      "Serves the pages and runs the small programs that take the forms, so every request you send passes through it.",
  },
  {
    name: "Our database provider",
    receives:
      "Stores the records above, in a PostgreSQL database: a hosted one where the site runs on Netlify, or one on our own server.",
  },
];
