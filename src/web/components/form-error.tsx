/** The app's one way to show an error message (SPEC §8 texts): announced, and nothing when there is none. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {message}
    </p>
  );
}

/** A result line: green and polite when it went well, an alert when it did not. */
export function Notice({ notice }: { notice: { ok: boolean; text: string } | null }) {
  if (!notice) return null;
  if (!notice.ok) return <FormError message={notice.text} />;
  return (
    <p className="form-ok" role="status">
      {notice.text}
    </p>
  );
}
