import { Link } from "react-router";
import { RequireUser } from "../features/session/components/guards.tsx";
import { paths } from "../paths.ts";

// NOTE: invitations and caregivers come with the sharing issue; the route and its sign-in guard stand here.
export function Component() {
  return (
    <RequireUser>
      {(user) => (
        <section className="card">
          <p>
            <Link to={paths.profile(user.id)} className="back-link">
              ← Back
            </Link>
          </p>
          <h1>Shared Access</h1>
        </section>
      )}
    </RequireUser>
  );
}
