import type { CreatePagesArgs } from "gatsby";
import path from "node:path";
import { blogIndexPages, type BlogListContext } from "../src/lib/blog-pages";

/** One query for the generated routes; each page gets only its node's id (a template queries the rest). */
export async function createContentPages({ graphql, actions, reporter }: CreatePagesArgs): Promise<void> {
  const result = await graphql<Queries.CreatePagesQuery>(`
    query CreatePages {
      allService {
        nodes {
          id
          path
          slots
        }
      }
      allWaterPackage {
        nodes {
          id
          path
        }
      }
      allBlogPost {
        nodes {
          id
          path
        }
      }
      allTopic {
        nodes {
          topicId
          path
        }
      }
      allArea {
        nodes {
          id
          path
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load content for page creation", result.errors);
    return;
  }

  const templates = {
    service: path.resolve("src/templates/service.tsx"),
    // The one service whose copy holds the package table: only its page loads the table's code.
    serviceWithPackageComparison: path.resolve("src/templates/service-with-package-comparison.tsx"),
    waterPackage: path.resolve("src/templates/water-package.tsx"),
    post: path.resolve("src/templates/blog-post.tsx"),
    // The blog index's pages and the topics' pages: lists of posts alike.
    blogList: path.resolve("src/templates/blog-list.tsx"),
    area: path.resolve("src/templates/area.tsx"),
  };
  result.data.allService.nodes.forEach(({ id, path: pagePath, slots }) => {
    const component = slots.includes("PackageComparison") ? templates.serviceWithPackageComparison : templates.service;
    actions.createPage({ path: pagePath, component, context: { id } });
  });
  result.data.allWaterPackage.nodes.forEach(({ id, path: pagePath }) => {
    actions.createPage({ path: pagePath, component: templates.waterPackage, context: { id } });
  });
  result.data.allBlogPost.nodes.forEach(({ id, path: pagePath }) => {
    actions.createPage({ path: pagePath, component: templates.post, context: { id } });
  });
  // The index in pages of a fixed size: each page's query takes only its own posts.
  blogIndexPages(result.data.allBlogPost.nodes.length).forEach(({ path: pagePath, ...page }) => {
    const context: BlogListContext = { onTopic: false, ...page };
    actions.createPage({ path: pagePath, component: templates.blogList, context });
  });
  result.data.allTopic.nodes.forEach(({ topicId, path: pagePath }) => {
    const context: BlogListContext = { onTopic: true, topicId };
    actions.createPage({ path: pagePath, component: templates.blogList, context });
  });
  result.data.allArea.nodes.forEach(({ id, path: pagePath }) => {
    actions.createPage({ path: pagePath, component: templates.area, context: { id } });
  });
}
