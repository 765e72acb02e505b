import { type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { ContactDetails } from "../components/content/contact-details";
import { ScheduleForm } from "../features/booking/ui/schedule-form";
import { Seo } from "../components/seo";
import { DeferredToaster } from "../components/ui/deferred-toaster";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { bookingWords } from "../lib/text/booking-words";
import { availability } from "../lib/content/business-data";

export default function SchedulePage({ location }: PageProps) {
  return (
    <>
      <PageHeader
        eyebrow="Schedule"
        title="Schedule an inspection"
        intro={bookingWords(availability.bookingOnline).scheduleIntro}
      />
      <Container className="space-y-10 py-12">
        <ScheduleForm search={location.search} />
        <DeferredToaster />
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
      description={bookingWords(availability.bookingOnline).scheduleDescription}
      pathname={location.pathname}
    />
  );
}
