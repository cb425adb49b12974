import { Link } from "react-router";
import { RequireUser } from "../features/session/components/guards.tsx";
import { paths } from "../paths.ts";

// NOTE: the editor itself comes with the regimen issue; the route and its sign-in guard stand here.
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
          <h1>Edit Medication</h1>
        </section>
      )}
    </RequireUser>
  );
}
