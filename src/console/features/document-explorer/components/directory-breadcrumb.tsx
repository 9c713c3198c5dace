import { breadcrumb } from '../lib/directory-listing';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';

export function DirectoryBreadcrumb({ state }: { state: ExplorerState }) {
  const crumbs = breadcrumb(state.dir);
  return (
    <nav className="breadcrumb" aria-label="Directory">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.dir}>
            {i === crumbs.length - 1 ? (
              <span aria-current="location">{crumb.label}</span>
            ) : (
              <a href={explorerHref({ dir: crumb.dir, collection: state.collection })}>{crumb.label}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
