import { graphql, useStaticQuery } from "gatsby";

/** The business's facts from content/site.yaml. */
export function useSiteInfo(): Queries.UseSiteInfoQuery["siteInfo"] & object {
  const data = useStaticQuery<Queries.UseSiteInfoQuery>(graphql`
    query UseSiteInfo {
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
    }
  `);
  if (!data.siteInfo) throw new Error("content/site.yaml is missing");
  return data.siteInfo;
}
