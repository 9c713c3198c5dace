import { ModalDialog } from '../../../components/confirm-dialog';

interface LeaveDialogProps {
  uri: string;
  open: boolean;
  onStay(): void;
  onKeep(): void;
  onDiscard(): void;
}

/** Asked when the person leaves a document with unsaved changes: the changes are kept as a draft unless they say otherwise. */
export function LeaveDialog({ uri, open, onStay, onKeep, onDiscard }: LeaveDialogProps) {
  return (
    <ModalDialog open={open} title="Leave unsaved changes?" onCancel={onStay}>
      <div className="dialog__body">
        <p>
          <code>{uri}</code> has changes that are not saved. They stay in this browser as a draft until you save or discard them.
        </p>
      </div>
      <div className="dialog__actions leave-dialog__actions">
        <button type="button" className="button" onClick={onStay} autoFocus>
          Stay
        </button>
        <button type="button" className="button button--danger-outline" onClick={onDiscard}>
          Discard changes and leave
        </button>
        <button type="button" className="button button--primary" onClick={onKeep}>
          Keep draft and leave
        </button>
      </div>
    </ModalDialog>
  );
}
