/**
 * The shape of a blog post's front matter (content/blog/<slug>/index.mdx) and of
 * content/topics.yaml, the topics posts are listed under. Joined with the other content files'
 * schemas in content-schema.ts.
 */
import { z } from "zod";
import { isoDate, longText, slug, source, text } from "./content-fields";

export const postFrontmatterSchema = z
  .strictObject({
    title: text,
    description: longText
      .max(200, "must be at most 200 characters")
      .meta({ description: "The summary on the blog index and in search results" }),
    date: isoDate.meta({ description: "The blog lists newest first" }),
    /** When the copy last changed in substance after publication; shown as "Updated <date>". */
    updated: isoDate.optional().meta({
      description: "When the copy last changed in substance, after the date; shown as Updated November 23, 2026",
    }),
    lastReviewed: isoDate.optional().meta({ description: "For posts that explain the law" }),
    author: text,
    image: z
      .string()
      .optional()
      .meta({ title: "Cover image", widget: "image", description: "An image saved beside the post, e.g. ./cover.jpg" }),
    imageAlt: text
      .optional()
      .meta({ title: "Cover image description", description: "Required when there is a cover image: what it shows" }),
    draft: z
      .boolean()
      .default(false)
      .meta({ description: "A draft shows while writing (npm run develop) and is left out of the published site" }),
    topics: z.array(slug).default([]).meta({
      description:
        "Ids from the topics list (Business, prices and FAQ → Blog topics), e.g. [mold, maryland-law]; the post is listed on each topic's page",
    }),
    related: z
      .array(slug)
      .default([])
      .meta({ title: "Related services", description: "Service pages to link to, by file name, e.g. [sewer-septic]" }),
    sources: z.array(source).default([]).meta({ description: "Official sources" }),
  })
  .refine((post) => !post.updated || post.updated > post.date, {
    path: ["updated"],
    message: "must be a date after the post's date",
  });

/** The blog's topics: a post names its topics by id, and each topic has its page of posts. */
export const topicsSchema = z
  .array(
    z.strictObject({
      id: slug.meta({ description: "Also its address: mold is /blog/topics/mold; posts name it in their topics" }),
      name: text,
      description: longText.meta({ description: "One sentence, shown on the topic's page" }),
      services: z.array(slug).default([]).meta({
        description: "Service pages a reader of the topic may need, by file name; each post of the topic links them",
      }),
    }),
  )
  .min(1, "must list at least one topic")
  .superRefine((topics, context) => {
    topics.forEach((topic, index) => {
      if (topics.findIndex((other) => other.id === topic.id) !== index) {
        context.addIssue({ code: "custom", path: [index, "id"], message: "is listed twice" });
      }
    });
  });
