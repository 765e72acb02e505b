import { graphql } from "gatsby";
import React from "react";
import { PostMeta } from "./post-meta";
import { LinkChips, RelatedServices, servicesOfPost } from "./related-services";
import { ArticleLayout } from "../content/article-layout";
import { MdxCopy } from "../content/mdx-copy";
import { SourceList } from "../content/source-list";
import { ClosingCta } from "../home/closing-cta";
import { CoverImage } from "../ui/cover-image";
import { PageHeader } from "../ui/page-header";
import { useSiteInfo } from "../../hooks/use-site-info";
import { schedulePath, scheduleWith } from "../../lib/paths";
import { BlogEyebrow } from "./blog-eyebrow";

type Post = Queries.PostPageFragment;

/** A blog post (src/templates/blog-post.tsx): its header, cover, copy, related services and sources. */
export function PostPage({ post }: { post: Post }) {
  const { phone } = useSiteInfo();
  const image = post.image?.childImageSharp?.gatsbyImageData;
  const services = servicesOfPost(post.related, post.topics);
  return (
    <>
      <PageHeader eyebrow={<BlogEyebrow />} title={post.title} intro={post.description}>
        <div className="mt-6">
          <PostMeta
            date={post.date}
            dateTime={post.isoDate}
            readingMinutes={post.readingMinutes}
            author={post.author}
            updated={post.updated ? { date: post.updated, dateTime: post.isoUpdated! } : null}
          />
        </div>
      </PageHeader>
      <ArticleLayout
        article
        sections={post.sections}
        booking={{
          title: "Questions about your property?",
          scheduleHref: services[0] ? scheduleWith({ service: services[0].slug }) : schedulePath,
        }}
      >
        {image && <CoverImage image={image} alt={post.imageAlt ?? ""} className="mb-10 max-w-3xl rounded-xl" />}
        <MdxCopy html={post.html} />
        <LinkChips id="topics-title" title="Topics" links={post.topics} />
        <RelatedServices services={services} />
        <div className="max-w-3xl">
          <SourceList sources={post.sources} lastReviewed={post.lastReviewed} />
        </div>
      </ArticleLayout>
      <ClosingCta phone={phone} />
    </>
  );
}

export const postPageFragment = graphql`
  fragment PostPage on BlogPost {
    title
    description
    author
    readingMinutes
    date(formatString: "MMMM D, YYYY")
    isoDate: date(formatString: "YYYY-MM-DD")
    updated(formatString: "MMMM D, YYYY")
    isoUpdated: updated(formatString: "YYYY-MM-DD")
    lastReviewed(formatString: "MMMM D, YYYY")
    imageAlt
    image {
      childImageSharp {
        gatsbyImageData(width: 768, layout: CONSTRAINED, placeholder: BLURRED)
      }
    }
    related {
      slug
      path
      title
    }
    topics {
      path
      name
      services {
        slug
        path
        title
      }
    }
    html
    sections {
      id
      title
    }
    sources {
      label
      url
    }
  }
`;
