/**
 * The node types, declared so that empty or wrong content fails clearly instead of being
 * inferred (https://www.gatsbyjs.com/docs/reference/graphql-data-layer/schema-customization/).
 */
export const typeDefs = `
    type SourceLink { label: String!, url: String! }
    type Question { question: String!, answer: String! }
    type LinkItem { name: String!, href: String! }
    type SocialLinks { facebook: String!, instagram: String!, linkedin: String!, youtube: String! }
    type Credential { id: String!, name: String!, issuer: String!, number: String, services: [String!]! }
    type PostalAddress { street: String, locality: String, postalCode: String, region: String!, country: String! }

    type SiteInfo implements Node @dontInfer {
      name: String!
      tagline: String!
      blurb: String!
      phone: String!
      email: String!
      serviceArea: String!
      address: PostalAddress!
      yearsInBusiness: Int!
      inspectionsCompleted: Int!
      licenseNumber: String!
      insuranceSummary: String!
      credentials: [Credential!]!
      copyrightYear: Int!
      social: SocialLinks!
    }

    type NavLink implements Node @dontInfer { name: String!, href: String!, order: Int! }
    type FooterLinks implements Node @dontInfer { services: [LinkItem!]!, company: [LinkItem!]! }
    type FaqGroup implements Node @dontInfer { group: String!, order: Int!, questions: [Question!]! }

    type WaterParameter implements Node @dontInfer {
      parameterId: String!
      order: Int!
      name: String!
      limit: String!
      standard: String!
      explanation: String!
    }

    type WaterPackage implements Node @dontInfer {
      packageId: String!
      name: String!
      summary: String!
      price: Int!
      turnaround: String!
      sampling: String!
      laboratoryTerms: String!
      suits: String!
      order: Int!
      path: String!
      parameters: [WaterParameter!]! @link(by: "parameterId")
    }

    "The price tables of pricing.yaml, as src/lib/content-schema.ts validates them."
    type Pricing implements Node @dontInfer { tables: PricingTables! }
    type PricingTables {
      mainInspections: [MainInspectionPrices!]!
      ageAdjustments: [AgeAdjustment!]!
      foundations: [FoundationPrice!]!
      addOns: [AddOnPrice!]!
      travelZones: [TravelZone!]!
      countyZipPrefixes: [CountyZipPrefixes!]!
    }
    type MainInspectionPrices {
      id: String!
      label: String!
      service: String!
      sizeBands: [SizeBand!]!
      overflow: SizeOverflow!
    }
    type SizeBand { maxSqFt: Int!, price: Int! }
    type SizeOverflow { perSqFt: Int!, price: Int! }
    type AgeAdjustment { label: String!, builtBefore: Int!, percent: Float! }
    type FoundationPrice { id: String!, label: String!, adjustment: Int! }
    type AddOnPrice { id: String!, label: String!, service: String!, price: Int! }
    type TravelZone { label: String!, fee: Int!, counties: [String!]! }
    type CountyZipPrefixes { county: String!, prefixes: [String!]! }
    "When the business works and books (availability.yaml): what the pages show of it."
    type Availability implements Node @dontInfer { rules: AvailabilityRules! }
    type AvailabilityRules { bookingOnline: Boolean!, cancellation: CancellationRules! }
    type CancellationRules { cutoffHours: Int!, policy: String! }
    type PageSources implements Node @dontInfer { page: String!, lastReviewed: Date! @dateformat, sources: [SourceLink!]! }

    type Service implements Node @dontInfer {
      slug: String!
      path: String!
      title: String!
      summary: String!
      order: Int!
      icon: String!
      duration: String
      turnaround: String
      priceNote: String
      lastReviewed: Date @dateformat
      sources: [SourceLink!]!
      faqs: [Question!]!
      "The copy rendered to HTML at build time."
      html: String!
      "The live components the copy places among its paragraphs (src/lib/mdx-slots.ts)."
      slots: [String!]!
      contentFilePath: String!
    }

    type BlogPost implements Node @dontInfer {
      slug: String!
      path: String!
      title: String!
      description: String!
      date: Date! @dateformat
      updated: Date @dateformat
      lastReviewed: Date @dateformat
      author: String!
      image: File @fileByRelativePath
      imageAlt: String
      draft: Boolean!
      related: [Service!]! @link(by: "slug")
      sources: [SourceLink!]!
      readingMinutes: Int!
      "The copy rendered to HTML at build time."
      html: String!
      contentFilePath: String!
    }
  `;
