import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { PostMeta } from "../components/blog/post-meta";
import { ArticleLayout, tocOf } from "../components/content/article-layout";
import { MdxCopy } from "../components/content/mdx-copy";
import { SourceList } from "../components/content/source-list";
import { ClosingCta } from "../components/home/closing-cta";
import { Seo } from "../components/seo";
import { CoverImage } from "../components/ui/cover-image";
import { PageHeader } from "../components/ui/page-header";
import { useSiteInfo } from "../hooks/use-site-info";
import { useSiteUrl } from "../hooks/use-site-url";
import { blogPath, schedulePath, scheduleWith } from "../lib/paths";
import { blogPostingNode } from "../lib/structured-data";

export default function BlogPostTemplate({ data }: PageProps<Queries.BlogPostTemplateQuery>) {
  const { phone } = useSiteInfo();
  const post = data.blogPost!;
  const image = post.image?.childImageSharp?.gatsbyImageData;
  return (
    <>
      <PageHeader
        eyebrow={
          <Link to={blogPath} className="hover:underline">
            Blog & resources
          </Link>
        }
        title={post.title}
        intro={post.description}
      >
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
        toc={tocOf(post.parent)}
        booking={{
          title: "Questions about your property?",
          scheduleHref: post.related[0] ? scheduleWith({ service: post.related[0].slug }) : schedulePath,
        }}
      >
        {image && <CoverImage image={image} alt={post.imageAlt ?? ""} className="mb-10 max-w-3xl rounded-xl" />}
        <MdxCopy html={post.html} />
        {post.related.length > 0 && (
          <nav aria-labelledby="related-title" className="mt-12 max-w-3xl">
            <h2 id="related-title" className="text-lg font-semibold text-slate-900">
              Related services
            </h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              {post.related.map((service) => (
                <li key={service.path}>
                  <Link
                    to={service.path}
                    className="inline-flex min-h-11 items-center rounded-full border border-brand-200 px-4 font-medium text-brand-700 hover:bg-brand-50"
                  >
                    {service.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="max-w-3xl">
          <SourceList sources={post.sources} lastReviewed={post.lastReviewed} />
        </div>
      </ArticleLayout>
      <ClosingCta phone={phone} />
    </>
  );
}

export const query = graphql`
  query BlogPostTemplate($id: String!) {
    blogPost(id: { eq: $id }) {
      title
      description
      author
      readingMinutes
      date(formatString: "MMMM D, YYYY")
      isoDate: date(formatString: "YYYY-MM-DD")
      updated(formatString: "MMMM D, YYYY")
      isoUpdated: updated(formatString: "YYYY-MM-DD")
      lastReviewed(formatString: "MMMM D, YYYY")
      isoLastReviewed: lastReviewed(formatString: "YYYY-MM-DD")
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
      html
      parent {
        ... on Mdx {
          tableOfContents(maxDepth: 2)
        }
      }
      sources {
        label
        url
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<Queries.BlogPostTemplateQuery>) {
  const siteUrl = useSiteUrl();
  const post = data.blogPost!;
  return (
    <Seo
      type="article"
      title={post.title}
      description={post.description}
      pathname={location.pathname}
      parents={[{ name: "Blog", path: blogPath }]}
      structuredData={[
        blogPostingNode(siteUrl, {
          ...post,
          path: location.pathname,
          date: post.isoDate,
          lastReviewed: post.isoLastReviewed,
        }),
      ]}
    />
  );
}
