import { type HeadProps } from "gatsby";
import React from "react";
import { RequestProvider } from "../../components/forms/request-provider";
import { DataRequestForm } from "../../features/privacy/ui/data-request-form";
import { FormFields } from "../../features/privacy/ui/form-fields";
import { KeptRecords } from "../../features/privacy/ui/kept-records";
import { Recipients } from "../../features/privacy/ui/recipients";
import { SourceList } from "../../components/content/source-list";
import { Seo } from "../../components/seo";
import { Container } from "../../components/ui/container";
import { PageHeader } from "../../components/ui/page-header";
import { usePageSources } from "../../hooks/use-page-sources";
import { useSiteInfo } from "../../hooks/use-site-info";
import { telHref } from "../../lib/text/phone";
import { possessive } from "../../lib/text/format";
import { DESK_RECORDS_DAYS } from "../../features/privacy/shared/desk-records";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The privacy notice, made from the declaration (src/features/privacy/shared) that the build checks against the forms. */
export default function PrivacyPage() {
  const { name, phone, email } = useSiteInfo();
  const { sources, lastReviewed } = usePageSources("privacy");
  return (
    <>
      <PageHeader
        eyebrow="Privacy"
        title="What we keep, and for how long"
        intro="What the forms on this site ask for and why, who else receives it, when it is deleted, and how to see or delete what we keep about you."
      />
      <Container width="prose" className="space-y-12 py-12 leading-7 text-slate-800">
        <Section id="no-tracking" title="No cookies, no trackers">
          <p>
            This site sets no cookies and loads nothing from any other website: its pages, fonts and images all come
            from this site, and it runs no analytics, advertising or tracking code. While you fill in the schedule or
            contact form, your browser keeps what you typed in that tab only, so a reload loses nothing; it is sent to
            us only when you press send, and it is gone when you close the tab.
          </p>
          <p>
            The one cookie on this site is the business&apos;s own: when the owner or staff sign in to the desk where
            they run the day&apos;s bookings, it keeps them signed in. It is sent only to the desk&apos;s own functions,
            cannot be read by any page&apos;s script, is never sent from another site, and ends within a working day or
            on signing out. Visitors never get it. For the desk&apos;s safety we keep a record of each ask for a sign-in
            link, each link and each sign-in (the desk&apos;s address it was for, the network address it came from, and
            when) for {DESK_RECORDS_DAYS} days, then delete it; a session&apos;s record goes when it ends.
          </p>
          <p>
            Real-estate agents sign in the same way, by a link sent to the address a booking names them by, to see the
            past year&apos;s and coming inspections that name them as the agent who booked or whom the client asked us
            to copy: when and where, the client&apos;s name, where each stands, whether it is signed and paid, and
            whether the report is ready, so they need not call us. Their sign-in records are kept {DESK_RECORDS_DAYS}{" "}
            days too; a client ends it on the page of their data.
          </p>
          <p>
            <strong>Global Privacy Control.</strong> Your browser may send this signal to ask sites not to sell or share
            your data. We do not sell or share anyone&apos;s data, for targeted advertising or anything else, and run no
            trackers, so there is nothing for the signal to switch off: every visitor is treated as if it were on, and
            it needs no action from us.
          </p>
        </Section>
        <Section id="kept" title="What we keep, why, and when it goes">
          <p>
            We keep only what you send us through a form, and what we send back. A daily check deletes each record, with
            the e-mails and calendar invitations kept with it, when its time is up.
          </p>
          <KeptRecords />
        </Section>
        <Section id="recipients" title="Who else receives it">
          <Recipients />
          <p>Nobody else: we do not sell, rent or share what you send us.</p>
        </Section>
        <Section id="your-data" title="See or delete your data">
          <p>
            Enter your e-mail address and we send a link to it. The link shows everything we keep about that address,
            lets you download it, and lets you delete it, except what the law requires us to keep; the page names each
            of those with the date it goes. We are told each time such a link is used.
          </p>
          <RequestProvider>
            <DataRequestForm />
          </RequestProvider>
          <p>
            Or call us on{" "}
            <a href={telHref(phone)} className="font-semibold text-brand-700 underline">
              {phone}
            </a>{" "}
            or write to{" "}
            <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline">
              {email}
            </a>
            .
          </p>
        </Section>
        <Section id="fields" title="What each form asks for, and why">
          <FormFields />
        </Section>
        <Section id="law" title="The law">
          <p>
            Maryland&apos;s Online Data Privacy Act asks a business for a notice like this one, and to collect no more
            than it reasonably needs; the Personal Information Protection Act asks it to keep what it holds reasonably
            secure. This page is {possessive(name)} notice. The links to your booking and to your data are signed, so
            only the address they were sent to can use them, and each record is deleted when its time is up.
          </p>
        </Section>
        <SourceList sources={sources} lastReviewed={lastReviewed} />
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Privacy: What We Keep"
      description="What the site's forms ask for and why, who receives it, how long it is kept, and how to see or delete your data. No cookies, no trackers."
      pathname={location.pathname}
    />
  );
}
