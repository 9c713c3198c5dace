import { useId, useRef, useState } from 'react';
import { useModalDialog } from '../../../components/confirm-dialog';
import { ExportScene } from './export-scene';
import { ImportScene } from './import-scene';
import { SnapshotList } from './snapshot-list';
import '../scenes.css';

/**
 * "Scenes and snapshots…": the whole database as one zip (export, import) and the named
 * snapshots kept in this browser (docs/scenes.md). Only for this browser's database, as
 * "Reset database…" is: a MarkLogic server has no `/tabula/` paths. Admin only; the server's
 * refusal shows where the action was asked. The dialog stays mounted when closed, so an
 * import still running shows its progress when it is opened again.
 */
export function ScenesDialog() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open);
  const titleId = useId();
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <button ref={trigger} type="button" className="button button--small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Scenes and snapshots…
      </button>
      <dialog
        ref={ref}
        className="dialog dialog--wide"
        aria-labelledby={titleId}
        onCancel={(e) => {
          // A question asked inside this dialog has its own Escape; React hands its cancel up the tree.
          if (e.target !== e.currentTarget) return;
          e.preventDefault();
          close();
        }}
      >
        <h2 id={titleId} className="dialog__title">
          Scenes and snapshots
        </h2>
        <ExportScene />
        <ImportScene />
        <SnapshotList open={open} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
