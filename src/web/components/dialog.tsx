import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal dialog on the native <dialog> element: focus stays inside, Escape or the backdrop closes it
 * (which cancels the flow it belongs to, SPEC §4).
 */
export function Dialog({ title, children, onClose, actions }: { title: string; children?: ReactNode; onClose: () => void; actions: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}

/** A yes/no confirmation (SPEC §5 confirmations). */
export function ConfirmDialog(props: {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  danger?: boolean;
  busy?: boolean;
}) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={props.onClose}>
            Cancel
          </button>
          <button type="button" className={props.danger ? "button button-danger" : "button"} onClick={props.onConfirm} disabled={props.busy}>
            {props.confirmLabel}
          </button>
        </>
      }
    />
  );
}
