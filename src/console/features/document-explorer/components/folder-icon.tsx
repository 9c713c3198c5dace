export function FolderIcon() {
  return (
    <svg className="listing__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M1.5 3.5A1 1 0 0 1 2.5 2.5h3.6l1.5 1.5h5.9a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z" fill="currentColor" />
    </svg>
  );
}
