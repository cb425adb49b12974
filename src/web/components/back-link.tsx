import { Link } from "react-router";

/** The back button at the top of a screen (SPEC §2 Shared Access). */
export function BackLink({ to }: { to: string }) {
  return (
    <p>
      <Link to={to} className="back-link">
        ← Back
      </Link>
    </p>
  );
}
