import { useUpdateReady } from "../lib/service-worker.ts";

/** DESIGN §10: a new version is waiting. Non-blocking: the page works on until the person chooses Reload. */
export function UpdatePrompt() {
  const { ready, reload } = useUpdateReady();
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <p>A new version is ready</p>
      <button type="button" className="button" onClick={reload}>
        Reload
      </button>
    </div>
  );
}
