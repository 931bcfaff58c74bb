// The notices at the top of unlisted and draft pages.
const text = {
  unlisted: {
    title: 'Unlisted page',
    body: 'This page is unlisted. It is left out of the sidebar, tag pages, search and the sitemap, and search engines are asked not to index it; only people with a direct link can find it.',
  },
  draft: {
    title: 'Draft page',
    body: 'This page is a draft. It is only visible in development (docsgen serve) and is left out of production builds.',
  },
};

export function Banner({ kind }: { kind: 'unlisted' | 'draft' }) {
  return (
    <aside className={`admonition admonition-warning page-banner page-banner-${kind}`} role="note">
      <p className="admonition-title">{text[kind].title}</p>
      <div className="admonition-body">
        <p>{text[kind].body}</p>
      </div>
    </aside>
  );
}
