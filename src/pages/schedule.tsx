import { type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { ContactDetails } from "../components/content/contact-details";
import { RequestProvider } from "../components/forms/request-provider";
import { ScheduleForm } from "../components/schedule/schedule-form";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { availability } from "../lib/business-data";

export default function SchedulePage({ location }: PageProps) {
  return (
    <>
      <PageHeader
        eyebrow="Schedule"
        title="Schedule an inspection"
        intro={
          availability.bookingOnline
            ? "Choose your inspection and any tests, tell us about the property, see an itemized estimate, and book a time that is still open: it is yours at once."
            : "Choose your inspection and any tests, tell us about the property and two dates that suit you, and see an itemized estimate before you send the request."
        }
      />
      <Container className="space-y-10 py-12">
        <RequestProvider>
          <ScheduleForm search={location.search} />
        </RequestProvider>
        <div className="max-w-xl">
          <ContactDetails />
        </div>
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Schedule an Inspection"
      description="Get an instant estimate for a Maryland home, commercial or new construction inspection with radon, water, septic and other tests, and request your dates."
      pathname={location.pathname}
    />
  );
}
