import React from "react";

interface PostMetaProps {
  date: string;
  dateTime: string;
  readingMinutes: number;
  author?: string;
}

/** "March 4, 2025 · 6 min read · By ...": when, how long, who. */
export function PostMeta({ date, dateTime, readingMinutes, author }: PostMetaProps) {
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
      <time dateTime={dateTime}>{date}</time>
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
