/** "编辑此页": the doc's source where it is edited (a repository's web editor, usually). */
export function EditLink({ href }: { href: string }) {
  return (
    <a className="edit-link" href={href} target="_blank" rel="noopener noreferrer">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
      </svg>
      编辑此页
    </a>
  );
}
