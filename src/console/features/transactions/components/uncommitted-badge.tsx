import { useConnection } from '../../../lib/connection';
import '../transactions.css';

/** "uncommitted" beside a document this console wrote in the open transaction: no one else sees that write yet. */
export function UncommittedBadge({ uri }: { uri: string }) {
  const { transaction } = useConnection();
  if (!transaction?.uncommitted.has(uri)) return null;
  return (
    <span className="badge badge--uncommitted" title="Written in the open transaction: not committed, so seen in this tab only">
      uncommitted
    </span>
  );
}
