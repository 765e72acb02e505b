import { type HeadProps } from "gatsby";
import * as lucide from "lucide";
import { iconFrom } from "../components/ui/icons";
import React from "react";
import { CredentialList } from "../components/content/credential-list";
import { SourceList } from "../components/content/source-list";
import { ClosingCta } from "../components/home/closing-cta";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { usePageSources } from "../hooks/use-page-sources";
import { useSiteInfo } from "../hooks/use-site-info";
import { formatCount } from "../lib/text/format";

const BadgeCheck = iconFrom(lucide.BadgeCheck);
const FileText = iconFrom(lucide.FileText);
const MapPin = iconFrom(lucide.MapPin);
const ShieldCheck = iconFrom(lucide.ShieldCheck);

function Fact({ Icon, title, children }: { Icon: typeof BadgeCheck; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon className="size-6 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-7 text-slate-700">{children}</div>
    </section>
  );
}

export default function AboutPage() {
  const site = useSiteInfo();
  const { sources, lastReviewed } = usePageSources("about");
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title={`About ${site.name}`}
        intro={`For ${site.yearsInBusiness} years and more than ${formatCount(site.inspectionsCompleted)} inspections, we have helped Maryland buyers, owners, landlords and agents see a property clearly before they commit.`}
      />
      <Container className="grid gap-6 py-12 md:grid-cols-2">
        <Fact Icon={BadgeCheck} title="Licensed in Maryland">
          <p>
            Maryland licenses home inspectors through the Commission of Real Estate Appraisers, Appraisal Management
            Companies and Home Inspectors, part of the Maryland Department of Labor, under Business Occupations and
            Professions Title 16 and COMAR 09.36. Our license number is {site.licenseNumber}, and Maryland law requires
            it on every report we write.
          </p>
          <p>
            A Maryland license takes 72 classroom hours of pre-licensing education and a pass in the National Home
            Inspector Examination. Licenses run for two years, and every renewal after the first needs 30 hours of
            continuing education.
          </p>
          <p>The licenses, accreditations and certifications we hold:</p>
          <CredentialList credentials={site.credentials} className="space-y-2" />
        </Fact>
        <Fact Icon={ShieldCheck} title="Insured">
          <p>{site.insuranceSummary}</p>
          <p>
            Maryland law requires every licensed home inspector to carry general liability insurance of at least
            $150,000 and to show proof of it to get and to renew a license.
          </p>
        </Fact>
        <Fact Icon={FileText} title="Standards we follow">
          <p>
            Every home inspection follows Maryland&apos;s Minimum Standards of Practice (COMAR 09.36.07), and your
            pre-inspection agreement names that standard and the scope before we start. The licensed inspector
            responsible for your report is on site for the inspection.
          </p>
          <p>
            Your written report arrives by the date in your agreement, or within 7 business days of the inspection if
            none is set, as Maryland law requires. We keep your agreement, report and supporting notes for at least 5
            years.
          </p>
        </Fact>
        <Fact Icon={MapPin} title="Where we work">
          <p>We inspect homes and commercial buildings across {site.serviceArea}: every county and Baltimore City.</p>
          <p className="text-sm text-slate-600">{site.counties.join(", ")}.</p>
        </Fact>
      </Container>
      <Container width="prose" className="pb-12">
        <SourceList sources={sources} lastReviewed={lastReviewed} />
      </Container>
      <ClosingCta phone={site.phone} />
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="About Us"
      description="A licensed and insured Maryland home inspection company: who we are, the standards we follow and the counties we serve."
      pathname={location.pathname}
    />
  );
}
