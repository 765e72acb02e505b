import { graphql, Link } from "gatsby";
import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { ArticleLayout } from "../content/article-layout";
import { CredentialList } from "../content/credential-list";
import { FaqList } from "../content/faq-list";
import { MdxCopy } from "../content/mdx-copy";
import { SourceList } from "../content/source-list";
import { ClosingCta } from "../home/closing-cta";
import { ButtonLink } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { useSiteInfo } from "../../hooks/use-site-info";
import { formatDollars } from "../../lib/text/format";
import type { MdxSlot } from "../../lib/content/mdx-slots";
import { areasPath, schedulePath, scheduleWith } from "../../lib/paths";

const CalendarCheck = iconFrom(lucide.CalendarCheck);
const Clock = iconFrom(lucide.Clock);
const FileText = iconFrom(lucide.FileText);
const Tag = iconFrom(lucide.Tag);

type Service = Queries.ServicePageFragment;

function KeyFacts({ service }: { service: Service }) {
  const facts = [
    service.startingPrice != null && {
      Icon: Tag,
      label: "Starting price",
      value: `From ${formatDollars(service.startingPrice)}`,
    },
    service.duration && { Icon: Clock, label: "How long it takes", value: service.duration },
    service.turnaround && { Icon: FileText, label: "Your results", value: service.turnaround },
  ].filter(Boolean) as { Icon: typeof Tag; label: string; value: string }[];
  if (!facts.length) return null;
  return (
    <dl className="mt-8 grid gap-4 sm:grid-cols-3">
      {facts.map(({ Icon, label, value }) => (
        <div key={label} className="rounded-xl border border-brand-100 bg-white p-4">
          <dt className="flex items-center gap-2 text-sm font-semibold text-brand-700">
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-1 text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ServicePageProps {
  service: Service;
  /** Live components for the slots in this service's copy. */
  slots?: Partial<Record<MdxSlot, React.ReactNode>>;
}

/** A service page (src/templates/service.tsx); the water-quality page adds the package table through `slots`. */
export function ServicePage({ service, slots }: ServicePageProps) {
  const { phone, credentials } = useSiteInfo();
  const priced = service.startingPrice != null;
  const held = credentials.filter((credential) => credential.services.includes(service.slug));
  return (
    <>
      <PageHeader eyebrow="Services" title={service.title} intro={service.summary}>
        <KeyFacts service={service} />
        {priced && service.priceNote && <p className="mt-4 max-w-3xl text-sm text-slate-700">{service.priceNote}</p>}
        {held.length > 0 && (
          <section aria-labelledby="credentials-title" className="mt-6 max-w-3xl">
            <h2 id="credentials-title" className="text-sm font-semibold text-brand-700">
              Credentials for this service
            </h2>
            <CredentialList credentials={held} className="mt-2 space-y-1 text-sm text-slate-700" />
          </section>
        )}
        {priced && (
          <ButtonLink to={scheduleWith({ service: service.slug })} size="lg" className="mt-8">
            <CalendarCheck className="size-5" aria-hidden="true" />
            Schedule this service
          </ButtonLink>
        )}
        <p className="mt-4 text-sm text-slate-700">
          <Link to={areasPath} className="text-brand-700 underline underline-offset-2">
            Areas we serve, with travel fees
          </Link>
        </p>
      </PageHeader>
      <ArticleLayout
        sections={service.sections}
        booking={{
          title: priced ? `Book ${service.title}` : "Need an inspection?",
          scheduleHref: priced ? scheduleWith({ service: service.slug }) : schedulePath,
        }}
      >
        <MdxCopy html={service.html} slots={slots} />
        {service.faqs.length > 0 && (
          <section aria-labelledby="service-faq-title" className="mt-12 max-w-3xl">
            <h2 id="service-faq-title" className="text-2xl font-semibold tracking-tight text-slate-900">
              Questions people ask
            </h2>
            <div className="mt-6">
              <FaqList questions={service.faqs} />
            </div>
          </section>
        )}
        <div className="max-w-3xl">
          <SourceList sources={service.sources} lastReviewed={service.lastReviewed} />
        </div>
      </ArticleLayout>
      <ClosingCta phone={phone} />
    </>
  );
}

export const servicePageFragment = graphql`
  fragment ServicePage on Service {
    slug
    title
    summary
    duration
    turnaround
    priceNote
    startingPrice
    lastReviewed(formatString: "MMMM D, YYYY")
    sources {
      label
      url
    }
    faqs {
      question
      answer
    }
    html
    sections {
      id
      title
    }
  }
`;
