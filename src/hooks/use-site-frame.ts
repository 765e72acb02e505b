import { graphql, useStaticQuery } from "gatsby";

/**
 * What every page reads of the site, in one static query: the business's facts (content/site.yaml), the
 * header's and the footer's links (content/navigation.yaml, content/footer.yaml), the site's public address
 * and the year it was built. One query is one file each page fetches, where four were four requests, each
 * a preload added in the task that sees the first paint (src/build-time/page-resources.ts).
 */
export function useSiteFrame(): Queries.SiteFrameQuery {
  return useStaticQuery<Queries.SiteFrameQuery>(graphql`
    query SiteFrame {
      site {
        siteMetadata {
          siteUrl
        }
        buildTime(formatString: "YYYY")
      }
      siteInfo {
        name
        tagline
        blurb
        phone
        email
        serviceArea
        address {
          street
          locality
          postalCode
          region
          country
        }
        counties
        hours
        bookingOnline
        yearsInBusiness
        inspectionsCompleted
        licenseNumber
        insuranceSummary
        credentials {
          id
          name
          issuer
          number
          services
        }
        copyrightYear
        social {
          facebook
          instagram
          linkedin
          youtube
        }
      }
      allNavLink(sort: { order: ASC }) {
        nodes {
          name
          href
        }
      }
      footerLinks {
        services {
          name
          href
        }
        company {
          name
          href
        }
      }
    }
  `);
}
