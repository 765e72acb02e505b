import React from "react";

interface PostMetaProps {
  date: string;
  dateTime: string;
  readingMinutes: number;
  author?: string;
  /** When the copy last changed after publication, shown beside the original date. */
  updated?: { date: string; dateTime: string } | null;
}

/** "March 4, 2025 · Updated ... · 6 min read · By ...": when, how long, who. */
export function PostMeta({ date, dateTime, readingMinutes, author, updated }: PostMetaProps) {
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
      <time dateTime={dateTime}>{date}</time>
      {updated && (
        <>
          <span aria-hidden="true">·</span>
          <span>
            Updated <time dateTime={updated.dateTime}>{updated.date}</time>
          </span>
        </>
      )}
      <span aria-hidden="true">·</span>
      <span>{readingMinutes} min read</span>
      {author && (
        <>
          <span aria-hidden="true">·</span>
          <span>By {author}</span>
        </>
      )}
    </p>
  );
}
